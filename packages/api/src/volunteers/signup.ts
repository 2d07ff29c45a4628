import { type Db, signupSheets, type Volunteer, volunteers, type VolunteerStatus, volunteerSlots } from '@pac/db';
import type { volunteerSignupSchema } from '@pac/validators';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Context, ServiceContext, SessionUser } from '../context';
import { isSuppressed, reserveMail } from '../email/budget';
import { currentSender } from '../email/service';
import { assertOwnerOrAdmin, isAdmin, isOrganizer, managesSheet } from '../lib/access';
import { userExists, userMessages, verifiedUserIdByEmail } from '../lib/accounts';
import { type Refusal, refuse } from '../lib/errors';
import { slotSheetOwner } from '../lib/sheetAccess';
import { commitTogether } from '../lib/sharedCommits';
import { RuntimeKey } from '../runtime';
import { slotMessages } from '../slots/service';
import { waitlistPosition } from '../waitlist/service';
import { signupWithEvent } from './history';
import { sendSignupConfirmation } from './mail';
import { volunteerMessages } from './messages';

/**
 * Signing up, the busiest write path: when signups close, the capacity check and the insert in
 * one transaction (or the waitlist, on a full slot), whose signup it is, the per-address limit, and
 * the confirmation email after the answer.
 */

/**
 * Signups close when the slot starts (or, for a slot without a start time, when its sheet's event
 * does): API.md "Signups close when the slot starts".
 */
export function signupsClosed(slot: { startTime: Date | null; eventDate: Date }, now: Date): boolean {
  return (slot.startTime ?? slot.eventDate).getTime() <= now.getTime();
}

// A type, not an interface: prepared statements take it as a record of named parameters.
type SignupRow = {
  slotId: number;
  /** Whoever runs the sheet (its organizer, an admin) may still add volunteers to a slot that has started. */
  allowClosed: boolean;
  /**
   * Whose signup it is (see signupOwner), asked only once the signup is going in: a refused
   * signup (a full slot) never pays for the account lookup.
   */
  owner: () => number | null;
  name: string;
  email: string;
  phone: string;
  notes: string | null;
  emailConsent: boolean;
  signupTime: Date;
  /** On a full slot, join its waitlist instead of being refused (ignored while the slot has room). */
  waitlist: boolean;
};

/**
 * The answer to a signup on a full slot: the one most signups get the evening a newsletter goes
 * out. It is an expected answer, not a fault, so no stack trace is captured for it (capturing one,
 * through the procedure's async frames, was a twentieth of a refused signup's CPU).
 */
function slotFullRefusal(): Refusal {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return refuse('CONFLICT', volunteerMessages.slotFull, { reason: 'slotFull' });
  } finally {
    Error.stackTraceLimit = limit;
  }
}

interface SignupSteps {
  /**
   * Refuses, on one read and before any write, a signup that the slot's state alone refuses: no
   * such slot, signups closed, or full for someone not asking for the waitlist.
   */
  refuseEarly(row: SignupRow): void;
  /** The signup's writes; run inside a transaction, which its throw rolls back. */
  write(row: SignupRow): Volunteer;
}

/**
 * The signup's statements, built and compiled once per database rather than on every signup. On
 * the busiest write path, building the drizzle queries, compiling them again and making a new
 * transaction wrapper (drizzle's `db.transaction` makes one per call) took ~150 µs of CPU per
 * signup; prepared once, the signup takes ~17 µs (bench/results.md notes). It reads the slot's
 * times and raises its count itself: prepared statements cannot call another domain's functions.
 */
function prepareSignup(db: Db): SignupSteps {
  const slotId = sql.placeholder('slotId');
  // The sheet's date through a subquery, not a join: SQLite 3.54 (better-sqlite3 13) compiles a
  // join whose WHERE holds a bound parameter again on every run after the parameter is bound,
  // which tripled this read, the whole of a refused signup's database work (bench/results.md notes).
  const slot = db
    .select({
      startTime: volunteerSlots.startTime,
      eventDate:
        sql`(select ${signupSheets.eventDate} from ${signupSheets} where ${signupSheets.id} = ${volunteerSlots.signupSheetId})`.mapWith(
          signupSheets.eventDate,
        ),
      currentVolunteers: volunteerSlots.currentVolunteers,
      maxVolunteers: volunteerSlots.maxVolunteers,
    })
    .from(volunteerSlots)
    .where(eq(volunteerSlots.id, slotId))
    .prepare();
  const duplicate = db
    .select({ id: volunteers.id })
    .from(volunteers)
    .where(and(eq(volunteers.slotId, slotId), eq(volunteers.email, sql.placeholder('email'))))
    .prepare();
  const raise = db
    .update(volunteerSlots)
    .set({ currentVolunteers: sql`${volunteerSlots.currentVolunteers} + 1` })
    .where(and(eq(volunteerSlots.id, slotId), lt(volunteerSlots.currentVolunteers, volunteerSlots.maxVolunteers)))
    .prepare();
  const insert = db
    .insert(volunteers)
    .values({
      slotId,
      userId: sql.placeholder('userId'),
      name: sql.placeholder('name'),
      email: sql.placeholder('email'),
      phone: sql.placeholder('phone'),
      notes: sql.placeholder('notes'),
      emailConsent: sql.placeholder('emailConsent'),
      // A placeholder, not the column's default: a default would be fixed when the statement is built.
      signupTime: sql.placeholder('signupTime'),
      status: sql.placeholder('status'),
    })
    .returning()
    .prepare();
  /** The slot, or the refusal every signup on it gets whatever the count. */
  const openSlot = (row: SignupRow) => {
    const found = slot.get({ slotId: row.slotId });
    if (!found) throw refuse('NOT_FOUND', slotMessages.slotNotFound, { reason: 'slotNotFound' });
    if (!row.allowClosed && signupsClosed(found, row.signupTime)) {
      throw refuse('CONFLICT', volunteerMessages.signupsClosed, { reason: 'signupsClosed' });
    }
    return found;
  };
  /**
   * Once a slot is full, nearly every signup on it is refused (the evening a newsletter goes out,
   * most of them). Such a refusal writes nothing, so it is decided on one read, with no
   * transaction: the slot was full when it was read, which is when the signup happened.
   */
  const refuseEarly = (row: SignupRow) => {
    const found = openSlot(row);
    if (!row.waitlist && found.currentVolunteers >= found.maxVolunteers) throw slotFullRefusal();
  };
  // One connection, so statements prepared on `db` run in the caller's transaction. Its guarded
  // UPDATE alone decides whether a spot is still there. The slot is read again: the write runs a
  // turn of the event loop after refuseEarly, and the slot may have been removed or started since.
  const write = (row: SignupRow): Volunteer => {
    openSlot(row);
    // Capacity first: on a full slot everyone who does not ask for the waitlist hears the same
    // thing, so the answer never tells a stranger whether some address is signed up. (A throw
    // below rolls the raised count back.) A slot with room has an empty waitlist (every freed spot
    // is filled from it in the same transaction), so a confirmed signup never jumps the line.
    const confirmed = raise.run({ slotId: row.slotId }).changes > 0;
    if (!confirmed && !row.waitlist) throw slotFullRefusal();
    if (duplicate.get({ slotId: row.slotId, email: row.email })) {
      throw refuse('CONFLICT', volunteerMessages.alreadySignedUp, { reason: 'alreadySignedUp', field: 'email' });
    }
    const status: VolunteerStatus = confirmed ? 'confirmed' : 'waitlisted';
    const created = insert.get({ ...row, userId: row.owner(), status });
    if (!created) throw new Error('Inserting the volunteer returned no row');
    return created;
  };
  return { refuseEarly, write };
}

const signupStatements = new RuntimeKey<SignupSteps>('volunteers: signup statements');

/**
 * Whose signup this is. An admin may name an account (`userId`). Otherwise it is the caller's own
 * only when made with the caller's own email; with any other email (an organizer entering a
 * volunteer who phoned in) it belongs to the verified account with that email, or to nobody. A
 * userId naming someone else is refused for everyone but admins. The claim is checked here; the
 * answer is a lookup that the signup asks only when it is about to insert its row.
 */
export function signupOwner(
  ctx: ServiceContext,
  caller: SessionUser | null,
  input: { userId?: number | null; email: string },
): () => number | null {
  const claimed = input.userId ?? null;
  if (claimed !== null && claimed !== caller?.id) {
    assertOwnerOrAdmin(caller, claimed, volunteerMessages.notYourself, { reason: 'notYourself', field: 'userId' });
    // A missing account is the caller's mistake, not a foreign-key failure (which would be a 500).
    if (!userExists(ctx.db, claimed))
      throw refuse('NOT_FOUND', userMessages.userNotFound, { reason: 'userNotFound', field: 'userId' });
    return () => claimed;
  }
  if (caller && caller.email === input.email) return () => caller.id;
  return () => verifiedUserIdByEmail(ctx, input.email);
}

/**
 * Signs a volunteer up. The capacity check and the insert are one transaction (a savepoint in the
 * commit it shares with other signups of the same moment), and the count is raised by a guarded
 * UPDATE, so concurrent signups can never overfill a slot. It answers once that commit is on
 * disk; a signup the slot refuses outright (full, closed) is answered at once. Each client address
 * (an IPv6 client: its /64) may make SIGNUP_RATE_LIMIT signups in 10 minutes, those an organizer
 * enters for other people included (only admins are exempt), and each mailbox receives at most a
 * few confirmations an hour, so that the form cannot be used to flood anyone's mailbox.
 * `confirmationEmail` says whether a confirmation is on its way (the page promises one only then).
 * On a full slot, `waitlist: true` makes the signup `waitlisted` instead of refused.
 */
export async function signUp(
  ctx: Context,
  input: z.output<typeof volunteerSignupSchema>,
): Promise<Volunteer & { confirmationEmail: boolean }> {
  const { db, runtime } = ctx;
  // Whoever runs the sheet may add volunteers to a slot that has started.
  const runsSheet = isOrganizer(ctx.user) && managesSheet(ctx.user, slotSheetOwner(db, input.slotId).ownerId);
  const owner = signupOwner(ctx, ctx.user, input);
  const row: SignupRow = {
    slotId: input.slotId,
    allowClosed: runsSheet,
    owner,
    name: input.name,
    email: input.email,
    phone: input.phone,
    notes: input.notes ?? null,
    emailConsent: input.emailConsent,
    signupTime: runtime.now(),
    waitlist: input.waitlist === true,
  };
  const steps = runtime.state(signupStatements, prepareSignup);
  steps.refuseEarly(row);
  // An address that unsubscribed gets no reminders whatever a later signup asks (API.md): only the
  // link mailed to it turns them back on, which its confirmation offers. (Asked only of a signup
  // the slot does not refuse outright.)
  const remindersStopped = input.emailConsent && isSuppressed(ctx, input.email);
  if (remindersStopped) row.emailConsent = false;
  // Only admins skip the per-address limit: an organizer's signups for other people count (API.md).
  const taken =
    !isAdmin(ctx.user) && ctx.clientAddress !== null ? runtime.limits.signups.take(ctx.clientAddress) : null;
  if (taken && !taken.allowed)
    throw refuse('TOO_MANY_REQUESTS', volunteerMessages.tooManySignups, { reason: 'tooManySignups' });
  let volunteer: Volunteer;
  try {
    // Answered only once committed (synchronous = FULL); signups arriving together share the commit.
    volunteer = await commitTogether(ctx, () => steps.write(row));
  } catch (error) {
    // Only signups that happened count against the address.
    if (taken?.allowed) taken.ticket.release();
    throw error;
  }
  // The confirmation goes out after the answer: a slow or failing mail server never costs a signup.
  // It is promised only with one of the mailbox's emails for today reserved (email/budget.ts).
  const reserved =
    currentSender(ctx) !== null && runtime.limits.confirmationMail.take(volunteer.email).allowed
      ? reserveMail(ctx, volunteer.email, 'notice')
      : null;
  const confirmationEmail = reserved?.ok === true;
  if (reserved?.ok) {
    const signup = signupWithEvent(db, volunteer);
    const position = waitlistPosition(db, volunteer);
    runtime.mail.inBackground(
      'Signup confirmation',
      () => sendSignupConfirmation(ctx, signup, position, reserved, { remindersStopped }),
      ctx,
      { volunteerId: volunteer.id },
    );
  }
  return { ...volunteer, confirmationEmail };
}
