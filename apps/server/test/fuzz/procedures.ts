/**
 * What the fuzz tests know about each tRPC procedure. Who may call it and whether it is a query or
 * a mutation are the procedure's own declarations (its tier's `meta.access`, its type), read from
 * appRouter; this table adds only what the fuzz needs to build inputs: the field names of each input
 * (the arbitraries build values from these names, see fieldValue in support.ts) and where real ids
 * come from.
 *
 * trpc.fuzz.test.ts checks this table against appRouter's procedures, so that a new procedure
 * without an entry here fails the fuzz suite; rest.fuzz.test.ts maps every REST route onto it.
 */
import { appRouter, type ProcedureAccess, procedureMeta } from '@pac/api';
import type { IdTable } from './support';

/** Who may call: organizer is the tier between user and admin (the fuzz callers hold no organizer, so only admins pass it). */
export type Access = ProcedureAccess;

interface InputSpec {
  /** The input's field names ([] for no input). */
  fields: readonly string[];
  /** Where the `id` field's real values come from. */
  idTable?: IdTable;
}

export interface ProcedureSpec extends InputSpec {
  type: 'query' | 'mutation';
  access: Access;
}

const sheetFields = [
  'title',
  'description',
  'location',
  'eventDate',
  'organizerName',
  'organizerEmail',
  'maxSlotsPerPerson',
  'questions',
  'notifyOrganizer',
] as const;
const slotFields = ['title', 'description', 'location', 'startTime', 'endTime', 'maxVolunteers', 'kind'] as const;
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
  'autoApprove',
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

const input = (fields: readonly string[] = [], idTable?: IdTable): InputSpec => ({ fields, idTable });

export const procedureSpecs = {
  'auth.register': input(['name', 'email', 'password', 'phone', 'emailConsent', 'isAdmin']),
  'auth.login': input(['email', 'password']),
  'auth.logout': input(),
  'auth.me': input(),
  'auth.profile': input(['userId']),
  'auth.updateAccount': input(['userId', 'name', 'email', 'phone', 'emailConsent', 'language']),
  'auth.changePassword': input(['userId', 'currentPassword', 'newPassword', 'confirmPassword']),
  'auth.verifyEmail': input(['token']),
  'auth.resendVerification': input(),
  'auth.forgotPassword': input(['email']),
  'auth.resetPassword': input(['token', 'newPassword', 'confirmPassword']),

  'sheets.list': input(),
  'sheets.byId': input(['id'], 'signup_sheets'),
  'sheets.shareLink': input(['id'], 'signup_sheets'),
  'sheets.qrCode': input(['id'], 'signup_sheets'),
  'sheets.managed': input(),
  'sheets.create': input(sheetFields),
  'sheets.update': input(['id', ...sheetFields, 'ownerId', 'moveSlots'], 'signup_sheets'),
  'sheets.delete': input(['id'], 'signup_sheets'),
  'sheets.duplicate': input(['id', 'eventDate'], 'signup_sheets'),
  'sheets.duplicateSeries': input(['id', 'eventDates'], 'signup_sheets'),

  'slots.create': input(['signupSheetId', ...slotFields]),
  'slots.createMany': input(['signupSheetId', 'slots']),
  'slots.update': input(['id', ...slotFields], 'volunteer_slots'),
  'slots.delete': input(['id'], 'volunteer_slots'),

  'volunteers.create': input(['slotId', 'userId', ...volunteerFields, 'waitlist', 'quantity', 'answers', 'language']),
  'volunteers.createMany': input([
    'slotIds',
    'userId',
    ...volunteerFields,
    'waitlist',
    'quantity',
    'quantities',
    'answers',
    'language',
  ]),
  'volunteers.cancelInfo': input(['id', 'token'], 'volunteers'),
  'volunteers.cancelByLink': input(['id', 'token'], 'volunteers'),
  // The manage link (/my-signup?token=…): the token names the volunteer; the fuzz cannot sign one.
  'volunteers.manageInfo': input(['token']),
  'volunteers.cancelByToken': input(['token']),
  'volunteers.move': input(['token', 'slotId']),
  'volunteers.updateByToken': input(['token', 'name', 'phone', 'notes', 'answers', 'quantity']),
  // Anyone may call these; the service decides (own signup or admin).
  'volunteers.update': input(['id', ...volunteerFields, 'answers', 'quantity'], 'volunteers'),
  'volunteers.delete': input(['id'], 'volunteers'),

  'settings.getPublic': input(['key']),
  'settings.get': input(['key']),
  'settings.set': input(['key', 'value']),
  'settings.setSender': input(['senderEmail', 'senderPassword']),
  'settings.heroContent': input(),
  'settings.schoolClock': input(),
  'settings.language': input(),
  'settings.updateHeroContent': input(heroFields),
  'settings.uploadHeroImage': input(['data']),
  'settings.logoUrl': input(),
  'settings.mayUpload': input(),
  'settings.uploadLogo': input(['data']),

  'stats.get': input(),
  'exports.volunteers': input(['signupSheetId']),

  'reminders.pending': input(['days']),
  'reminders.send': input(['signupSheetId', 'reminderType']),
  'reminders.unsubscribe': input(['id', 'token'], 'volunteers'),
  'reminders.emailStatus': input(['id', 'token'], 'volunteers'),
  'reminders.resubscribe': input(['id', 'token'], 'volunteers'),

  'notifications.emailStatus': input(),
  'notifications.testEmail': input(),

  'announcements.list': input(['status']),
  'announcements.update': input(['id', 'text', 'imageAlt'], 'announcements'),
  'announcements.approve': input(['id'], 'announcements'),
  'announcements.card': input(['id'], 'announcements'),
  'announcements.reject': input(['id', 'reason'], 'announcements'),
  'announcements.news': input(['limit']),

  'privacy.exportMine': input(),
  'privacy.deleteAccount': input(['password']),
  'privacy.eraseSignup': input(['token']),
  'privacy.search': input(['email']),
  'privacy.erase': input(['email']),
  'privacy.log': input(),
  'privacy.policy': input(),
  'announcements.feed': input(),

  'monitors.list': input(),
  'monitors.byId': input(['id'], 'monitors'),
  'monitors.create': input(monitorFields),
  'monitors.update': input(['id', ...monitorFields, 'status'], 'monitors'),
  'monitors.delete': input(['id'], 'monitors'),
  'monitors.check': input(['id'], 'monitors'),
  'monitors.checkAll': input(),
  'monitors.setupSchool': input(['slug']),
  'monitors.changes': input(['limit']),

  'monitoring.health': input(),
  'monitoring.activity': input(['limit']),
  'monitoring.snapshots': input(['limit']),
  'monitoring.snapshot': input(['id'], 'snapshots'),
  'monitoring.notifications': input(['limit']),

  'social.status': input(),
  'social.test': input(),
  'social.testPost': input(),
  'social.processNotifications': input(),
  'social.createDemoNotifications': input(),

  'users.list': input(),
  'users.setRole': input(['id', 'role'], 'users'),

  'calendar.events': input(),
  // The token is signed over the user's id and feed version: the fuzz's made-up ones all answer 404.
  'calendar.feed': input(['token']),
  'calendar.myFeed': input(),
  'calendar.resetFeed': input(),

  'roster.get': input(['sheetId']),
  'roster.checkIn': input(['id', 'attended'], 'volunteers'),

  'messages.send': input(['signupSheetId', 'slotId', 'subject', 'body', 'includeWaitlisted']),
  'messages.list': input(['signupSheetId']),
  'messages.recipients': input(['signupSheetId', 'slotId', 'includeWaitlisted']),
} as const satisfies Record<string, InputSpec>;

export type ProcedurePath = keyof typeof procedureSpecs;

export const procedurePaths = Object.keys(procedureSpecs) as ProcedurePath[];

/** A procedure's type and access as appRouter declares them. */
function declared(path: string): { type: 'query' | 'mutation'; access: Access } {
  const procedure = (appRouter._def.procedures as unknown as Record<string, { _def?: { type?: unknown } } | undefined>)[
    path
  ];
  const type = procedure?._def?.type;
  const access = procedureMeta(path)?.access;
  if ((type !== 'query' && type !== 'mutation') || access === undefined)
    throw new Error(`${path}: appRouter declares no query/mutation with an access tier`);
  return { type, access };
}

export function procedureSpec(path: ProcedurePath): ProcedureSpec {
  return { ...procedureSpecs[path], ...declared(path) };
}

const rank: Record<Access | 'anon', number> = { anon: 0, public: 0, user: 1, organizer: 2, admin: 3 };

/** Whether a caller of this role may get a successful answer at this access level. */
export function mayCall(role: 'anon' | 'user' | 'admin', access: Access): boolean {
  return rank[role] >= rank[access];
}
