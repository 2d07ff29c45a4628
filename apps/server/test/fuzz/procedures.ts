/**
 * What the fuzz tests know about each tRPC procedure: who may call it, and the field names of its
 * input (the arbitraries build values from these names, see fieldValue in support.ts).
 *
 * trpc.fuzz.test.ts checks this table against appRouter._def.procedures, so that a new procedure
 * without an entry here fails the fuzz suite; rest.fuzz.test.ts maps every REST route onto it.
 */
import type { IdTable } from './support';

/** Who may call: organizer is the tier between user and admin (the fuzz callers hold no organizer, so only admins pass it). */
export type Access = 'public' | 'user' | 'organizer' | 'admin';

export interface ProcedureSpec {
  type: 'query' | 'mutation';
  access: Access;
  /** The input's field names ([] for no input). */
  fields: readonly string[];
  /** Where the `id` field's real values come from. */
  idTable?: IdTable;
}

const sheetFields = ['title', 'description', 'eventDate', 'organizerName', 'organizerEmail'] as const;
const slotFields = ['title', 'description', 'startTime', 'endTime', 'maxVolunteers'] as const;
const volunteerFields = ['name', 'email', 'phone', 'notes', 'emailConsent'] as const;
const monitorFields = [
  'name',
  'url',
  'selectors',
  'ignoreSelectors',
  'scheduleMinutes',
  'emailNotifications',
  'internalPosts',
  'facebookPosts',
  'instagramPosts',
  'filterFutureEvents',
] as const;
const heroFields = [
  'title',
  'description',
  'primaryCtaText',
  'primaryCtaHref',
  'secondaryCtaText',
  'secondaryCtaHref',
  'bullets',
  'statPrimary',
  'statSecondary',
  'visibility',
] as const;

const q = (access: Access, fields: readonly string[] = [], idTable?: IdTable): ProcedureSpec => ({
  type: 'query',
  access,
  fields,
  idTable,
});
const m = (access: Access, fields: readonly string[] = [], idTable?: IdTable): ProcedureSpec => ({
  type: 'mutation',
  access,
  fields,
  idTable,
});

export const procedureSpecs = {
  'auth.register': m('public', ['name', 'email', 'password', 'phone', 'emailConsent', 'isAdmin']),
  'auth.login': m('public', ['email', 'password']),
  'auth.logout': m('public'),
  'auth.me': q('public'),
  'auth.profile': q('user', ['userId']),
  'auth.updateAccount': m('user', ['userId', 'name', 'email', 'phone', 'emailConsent']),
  'auth.changePassword': m('user', ['userId', 'currentPassword', 'newPassword', 'confirmPassword']),
  'auth.verifyEmail': m('public', ['token']),
  'auth.resendVerification': m('user'),
  'auth.forgotPassword': m('public', ['email']),
  'auth.resetPassword': m('public', ['token', 'newPassword', 'confirmPassword']),

  'sheets.list': q('public'),
  'sheets.byId': q('public', ['id'], 'signup_sheets'),
  'sheets.managed': q('organizer'),
  'sheets.create': m('organizer', sheetFields),
  'sheets.update': m('organizer', ['id', ...sheetFields, 'ownerId', 'moveSlots'], 'signup_sheets'),
  'sheets.delete': m('organizer', ['id'], 'signup_sheets'),
  'sheets.duplicate': m('organizer', ['id', 'eventDate'], 'signup_sheets'),

  'slots.create': m('organizer', ['signupSheetId', ...slotFields]),
  'slots.update': m('organizer', ['id', ...slotFields], 'volunteer_slots'),
  'slots.delete': m('organizer', ['id'], 'volunteer_slots'),

  'volunteers.create': m('public', ['slotId', 'userId', ...volunteerFields, 'waitlist']),
  'volunteers.cancelInfo': q('public', ['id', 'token'], 'volunteers'),
  'volunteers.cancelByLink': m('public', ['id', 'token'], 'volunteers'),
  // The manage link (/my-signup?token=…): the token names the volunteer; the fuzz cannot sign one.
  'volunteers.manageInfo': q('public', ['token']),
  'volunteers.cancelByToken': m('public', ['token']),
  'volunteers.move': m('public', ['token', 'slotId']),
  // Anyone may call these; the service decides (own signup or admin).
  'volunteers.update': m('user', ['id', ...volunteerFields], 'volunteers'),
  'volunteers.delete': m('user', ['id'], 'volunteers'),

  'settings.getPublic': q('public', ['key']),
  'settings.get': q('admin', ['key']),
  'settings.set': m('admin', ['key', 'value']),
  'settings.heroContent': q('public'),
  'settings.schoolClock': q('public'),
  'settings.updateHeroContent': m('admin', heroFields),
  'settings.uploadHeroImage': m('admin', ['data']),
  'settings.logoUrl': q('public'),
  'settings.mayUpload': q('admin'),
  'settings.uploadLogo': m('admin', ['data']),

  'stats.get': q('admin'),
  'exports.volunteers': q('organizer'),

  'reminders.pending': q('organizer', ['days']),
  'reminders.send': m('organizer', ['signupSheetId', 'reminderType']),
  'reminders.unsubscribe': m('public', ['id', 'token'], 'volunteers'),

  'notifications.emailStatus': q('admin'),
  'notifications.testEmail': m('admin'),

  'monitors.list': q('admin'),
  'monitors.byId': q('admin', ['id'], 'monitors'),
  'monitors.create': m('admin', monitorFields),
  'monitors.update': m('admin', ['id', ...monitorFields, 'status'], 'monitors'),
  'monitors.delete': m('admin', ['id'], 'monitors'),
  'monitors.check': m('admin', ['id'], 'monitors'),
  'monitors.checkAll': m('admin'),
  'monitors.setupSchool': m('admin', ['slug']),
  'monitors.changes': q('admin', ['limit']),

  'monitoring.health': q('admin'),
  'monitoring.activity': q('admin', ['limit']),
  'monitoring.snapshots': q('admin', ['limit']),
  'monitoring.snapshot': q('admin', ['id'], 'snapshots'),
  'monitoring.notifications': q('admin', ['limit']),

  'social.status': q('admin'),
  'social.test': m('admin'),
  'social.testPost': m('admin'),
  'social.processNotifications': m('admin'),
  'social.createDemoNotifications': m('admin'),

  'users.list': q('admin'),
  'users.setRole': m('admin', ['id', 'role'], 'users'),

  'calendar.events': q('public'),
  // The token is signed over the user's id and feed version: the fuzz's made-up ones all answer 404.
  'calendar.feed': q('public', ['token']),
  'calendar.myFeed': q('user'),
  'calendar.resetFeed': m('user'),

  'roster.get': q('organizer', ['sheetId']),
  'roster.checkIn': m('organizer', ['id', 'attended'], 'volunteers'),
} as const satisfies Record<string, ProcedureSpec>;

export type ProcedurePath = keyof typeof procedureSpecs;

export const procedurePaths = Object.keys(procedureSpecs) as ProcedurePath[];

export function procedureSpec(path: ProcedurePath): ProcedureSpec {
  return procedureSpecs[path];
}

const rank: Record<Access | 'anon', number> = { anon: 0, public: 0, user: 1, organizer: 2, admin: 3 };

/** Whether a caller of this role may get a successful answer at this access level. */
export function mayCall(role: 'anon' | 'user' | 'admin', access: Access): boolean {
  return rank[role] >= rank[access];
}
