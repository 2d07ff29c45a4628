import {
  type ConsentRecord,
  consentRecords,
  type Executor,
  privacyLog,
  signupSheets,
  type User,
  users,
  volunteerSlots,
  volunteers,
} from '@pac/db';
import type { deleteAccountSchema, eraseSignupSchema, privacyEmailSchema } from '@pac/validators';
import { privacyMessages } from '@pac/validators';
import { and, asc, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Context, ServiceContext, UserContext } from '../context';
import { getUser } from '../lib/accounts';
import { refuse } from '../lib/errors';
import { mailbox } from '../lib/mailbox';
import { manageTokenVolunteerId } from '../lib/manageLink';
import { counted, logPrivacy } from '../lib/privacyLog';
import { getSetting } from '../settings/service';
import { getSlotWithSheet } from '../slots/service';
import { getVolunteer } from '../volunteers/history';
import { removeVolunteer, signupIdsOfMailbox } from '../volunteers/manage';
import { signupsClosed } from '../volunteers/signup';
import { checkpointAfterErasure, eraseSignups, forgetDigestName, forgetMailboxes } from './erase';

/**
 * Privacy (API.md; BC's PIPA): a person sees what is held about them (the export), deletes their
 * account or a signup's details, and an admin answers a person's request by email address (find,
 * export, erase), every such search, erasure and volunteers CSV logged. RETENTION_MONTHS after
 * its event a signup is emptied of its person. Consent changes are recorded where they happen
 * (lib/consent.ts) and listed here.
 */

// ---------------------------------------------------------------------------------------------
// What is held about a person

export interface HeldAccount {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: User['role'];
  emailVerified: boolean;
  emailConsent: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export interface HeldSignup {
  id: number;
  status: 'confirmed' | 'waitlisted';
  name: string;
  email: string;
  phone: string;
  notes: string | null;
  /** Each answer with its question's words. */
  answers: { question: string; answer: string | boolean }[];
  quantity: number;
  signupTime: Date;
  emailConsent: boolean;
  /** Whether they came (event-day check-in), or null when nobody marked it. */
  attended: boolean | null;
  sheet: { id: number; title: string; eventDate: Date; location: string | null; organizerName: string };
  slot: { id: number; title: string; startTime: Date | null; endTime: Date | null; location: string | null };
}

export interface HeldConsent {
  consent: boolean;
  /** How: 'signup' (the signup form), 'account', 'unsubscribe' (the link in an email), 'admin'. */
  source: ConsentRecord['source'];
  at: Date;
}

/** Everything held about one person: their account (if any), their signups, their consent history. */
export interface HeldData {
  exportedAt: Date;
  account: HeldAccount | null;
  signups: HeldSignup[];
  consentHistory: HeldConsent[];
}

function heldAccount(user: User): HeldAccount {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    emailVerified: user.emailVerified,
    emailConsent: user.emailConsent,
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
  };
}

/** The signups `ids` with their sheets and slots, oldest event first. */
function heldSignups(db: Executor, ids: readonly number[]): HeldSignup[] {
  if (ids.length === 0) return [];
  return db
    .select({ volunteer: volunteers, slot: volunteerSlots, sheet: signupSheets })
    .from(volunteers)
    .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
    .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
    .where(inArray(volunteers.id, [...ids]))
    .orderBy(asc(signupSheets.eventDate), asc(volunteers.id))
    .all()
    .map(({ volunteer: v, slot, sheet }) => ({
      id: v.id,
      status: v.status,
      name: v.name,
      email: v.email,
      phone: v.phone,
      notes: v.notes,
      answers: Object.entries(v.answers).map(([questionId, answer]) => ({
        question: sheet.questions.find((q) => q.id === questionId)?.label ?? questionId,
        answer,
      })),
      quantity: v.quantity,
      signupTime: v.signupTime,
      emailConsent: v.emailConsent,
      attended: v.attended,
      sheet: {
        id: sheet.id,
        title: sheet.title,
        eventDate: sheet.eventDate,
        location: sheet.location,
        organizerName: sheet.organizerName,
      },
      slot: {
        id: slot.id,
        title: slot.title,
        startTime: slot.startTime,
        endTime: slot.endTime,
        location: slot.location,
      },
    }));
}

/** The consent records of an account or of any spelling of a mailbox, oldest first. */
function consentHistory(db: Executor, by: { userId?: number; box?: string }): HeldConsent[] {
  return db
    .select()
    .from(consentRecords)
    .orderBy(asc(consentRecords.at), asc(consentRecords.id))
    .all()
    .filter(
      (r) =>
        (by.userId !== undefined && r.userId === by.userId) || (by.box !== undefined && mailbox(r.email) === by.box),
    )
    .map((r) => ({ consent: r.consent, source: r.source, at: r.at }));
}

/** The signed-in person's own data (GET /api/auth/export): their account, their signups, their consent history. */
export function exportMyData(ctx: UserContext): HeldData {
  const user = getUser(ctx.db, ctx.user.id);
  const ids = ctx.db
    .select({ id: volunteers.id })
    .from(volunteers)
    .where(eq(volunteers.userId, user.id))
    .all()
    .map((r) => r.id);
  return {
    exportedAt: ctx.runtime.now(),
    account: heldAccount(user),
    signups: heldSignups(ctx.db, ids),
    consentHistory: consentHistory(ctx.db, { userId: user.id, box: mailbox(user.email) }),
  };
}

// ---------------------------------------------------------------------------------------------
// A person ends it

/** Refuses to erase the last administrator account: nobody could run the site after it. */
function assertNotLastAdmin(db: Executor, user: User): void {
  if (user.role !== 'admin') return;
  const admins = db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).all().length;
  if (admins <= 1) throw refuse('CONFLICT', privacyMessages.lastAdmin, { reason: 'lastAdmin' });
}

/** Deletes an account in the caller's transaction: its signups lose the person, its sessions and links end. */
function eraseAccount(tx: Executor, user: User, now: Date): number {
  const ids = tx
    .select({ id: volunteers.id })
    .from(volunteers)
    .where(eq(volunteers.userId, user.id))
    .all()
    .map((r) => r.id);
  const erased = eraseSignups(tx, ids, now);
  tx.delete(consentRecords).where(eq(consentRecords.userId, user.id)).run();
  // Sessions and emailed links go with it (foreign keys, ON DELETE CASCADE); sheets it ran stay, with no owner.
  tx.delete(users).where(eq(users.id, user.id)).run();
  forgetMailboxes(tx, [user.email]);
  return erased;
}

/**
 * DELETE /api/auth/account: with the account's password, asked again. The account and its sessions
 * end; its signups stay counted but lose the person (API.md). The last administrator cannot.
 */
export async function deleteMyAccount(ctx: UserContext, input: z.output<typeof deleteAccountSchema>): Promise<void> {
  const user = getUser(ctx.db, ctx.user.id);
  if (!(await ctx.runtime.limits.passwords.verify(user.passwordHash, input.password)))
    throw refuse('BAD_REQUEST', privacyMessages.wrongPassword, { reason: 'wrongPassword', field: 'password' });
  const now = ctx.runtime.now();
  ctx.db.transaction((tx) => {
    const current = getUser(tx, user.id);
    assertNotLastAdmin(tx, current);
    eraseAccount(tx, current, now);
  });
  ctx.cookies.clear();
  checkpointAfterErasure(ctx.db);
}

/**
 * POST /api/my-signup/erase: 'Delete my details' on the manage page. A signup still to come is
 * cancelled first (its spot goes to the waitlist, the organizer hears of it); one whose slot has
 * started or passed stays counted as 'Former volunteer'.
 */
export function eraseSignupByToken(ctx: ServiceContext, input: z.output<typeof eraseSignupSchema>): void {
  const volunteer = getVolunteer(ctx.db, manageTokenVolunteerId(ctx, input.token));
  const { slot, sheet } = getSlotWithSheet(ctx.db, volunteer.slotId);
  const now = ctx.runtime.now();
  if (!signupsClosed({ startTime: slot.startTime, eventDate: sheet.eventDate }, now)) {
    removeVolunteer(ctx, volunteer.id, 'volunteer', { mailVolunteer: false });
  }
  ctx.db.transaction((tx) => {
    // A signup cancelled above is gone; what named it (an unsent digest) loses the name all the same.
    if (!eraseSignups(tx, [volunteer.id], now)) forgetCancelled(tx, volunteer.email, volunteer.name, sheet.id);
  });
  checkpointAfterErasure(ctx.db);
}

/** After a cancelled signup: its name leaves the sheet's unsent digest, and its mailbox's traces go if nothing else holds it. */
function forgetCancelled(tx: Executor, email: string, name: string, sheetId: number): void {
  forgetDigestName(tx, sheetId, name);
  forgetMailboxes(tx, [email]);
}

// ---------------------------------------------------------------------------------------------
// An admin answers a person's request

/** What is held about `email` (GET /api/privacy/search): its account and the signups of its mailbox. Logged. */
export function searchPerson(
  ctx: UserContext,
  input: z.output<typeof privacyEmailSchema>,
): HeldData & { email: string } {
  const box = mailbox(input.email);
  const account =
    ctx.db
      .select()
      .from(users)
      .all()
      .find((u) => mailbox(u.email) === box) ?? null;
  const ids = new Set(signupIdsOfMailbox(ctx.db, input.email));
  if (account)
    for (const row of ctx.db
      .select({ id: volunteers.id })
      .from(volunteers)
      .where(eq(volunteers.userId, account.id))
      .all())
      ids.add(row.id);
  const signups = heldSignups(ctx.db, [...ids]);
  logPrivacy(
    ctx.db,
    ctx.user,
    'search',
    `${account ? '1 account' : 'no account'}, ${counted(signups.length, 'signup')} found`,
    ctx.runtime.now(),
  );
  return {
    email: input.email,
    exportedAt: ctx.runtime.now(),
    account: account ? heldAccount(account) : null,
    signups,
    consentHistory: consentHistory(ctx.db, { ...(account ? { userId: account.id } : {}), box }),
  };
}

/**
 * POST /api/privacy/erase: everything held about `email`, as a person's own deletion would: its
 * account goes, and every signup of its mailbox (or of that account) stays counted as 'Former
 * volunteer'. Logged. The last administrator cannot be erased.
 */
export function erasePerson(
  ctx: UserContext,
  input: z.output<typeof privacyEmailSchema>,
): { signups: number; account: boolean } {
  const now = ctx.runtime.now();
  const box = mailbox(input.email);
  const result = ctx.db.transaction((tx) => {
    const account =
      tx
        .select()
        .from(users)
        .all()
        .find((u) => mailbox(u.email) === box) ?? null;
    if (account) assertNotLastAdmin(tx, account);
    let signups = eraseSignups(tx, signupIdsOfMailbox(tx, input.email), now);
    if (account) signups += eraseAccount(tx, account, now);
    forgetMailboxes(tx, [input.email]);
    logPrivacy(tx, ctx.user, 'erase', `${counted(signups, 'signup')}${account ? ' and 1 account' : ''} erased`, now);
    return { signups, account: account !== null };
  });
  checkpointAfterErasure(ctx.db);
  return result;
}

/** GET /api/privacy/log: who searched, erased or exported the volunteers CSV, and when; newest first. */
export function readPrivacyLog(ctx: ServiceContext) {
  return ctx.db
    .select({
      id: privacyLog.id,
      action: privacyLog.action,
      actorName: privacyLog.actorName,
      detail: privacyLog.detail,
      at: privacyLog.at,
    })
    .from(privacyLog)
    .orderBy(desc(privacyLog.at), desc(privacyLog.id))
    .limit(500)
    .all();
}

// ---------------------------------------------------------------------------------------------
// Retention, and what the privacy page says

/** The instant `months` calendar months before `now` (the 31st of a shorter month is its last day). */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * RETENTION_MONTHS (API.md): the signups of sheets whose event is older than that are emptied of
 * their person, as an erasure would; counts, hours of those who remain and the sheets stay. Run
 * every night (apps/server loops/retention.ts). Returns how many signups it emptied.
 */
export function applyRetention(ctx: ServiceContext, now: Date = ctx.runtime.now()): number {
  const cutoff = monthsBefore(now, ctx.config.retentionMonths);
  const erased = ctx.db.transaction((tx) => {
    const ids = tx
      .select({ id: volunteers.id })
      .from(volunteers)
      .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
      .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
      .where(and(lt(signupSheets.eventDate, cutoff), isNull(volunteers.erasedAt)))
      .all()
      .map((r) => r.id);
    return eraseSignups(tx, ids, now);
  });
  if (erased > 0) checkpointAfterErasure(ctx.db);
  return erased;
}

/** What /privacy-policy says of this council: its name, whom to write to, and how long signups are kept. */
export function privacyPolicyFacts(ctx: Context) {
  return {
    schoolName: ctx.config.schoolName,
    privacyContact: getSetting(ctx, 'privacyContact'),
    retentionMonths: ctx.config.retentionMonths,
  };
}
