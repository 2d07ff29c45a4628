import {
  type Db,
  type OrganizerNotification,
  signupSheets,
  type Volunteer,
  consentRecords,
  volunteers,
  type VolunteerStatus,
  volunteerSlots,
} from '@pac/db';
import {
  type Answers,
  checkAnswers,
  signupMessages,
  type volunteerMultiSignupSchema,
  type volunteerSignupSchema,
} from '@pac/validators';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Context, ServiceContext, SessionUser } from '../context';
import { isSuppressed, reserveMail } from '../email/budget';
import { currentSender } from '../email/service';
import { assertOwnerOrAdmin, isAdmin, isOrganizer, managesSheet } from '../lib/access';
import { userExists, userMessages, verifiedUserIdByEmail } from '../lib/accounts';
import { answerField, type Refusal, refuse } from '../lib/errors';
import { mailbox } from '../lib/mailbox';
import { manageToken } from '../lib/manageLink';
import { slotSheetOwner } from '../lib/sheetAccess';
import { commitTogether } from '../lib/sharedCommits';
import { notifyOrganizer, recordForDigest, type SignupChange } from '../organizerNotifications/service';
import { RuntimeKey } from '../runtime';
import { slotMessages } from '../slots/service';
import { waitlistPosition } from '../waitlist/service';
import { signupWithEvent } from './history';
import { sendSignupsConfirmation } from './mail';
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

/**
 * One slot of a signup and what the signer brings to it (1 on a task slot). `shared`: the quantity
 * is a multi-slot signup's `quantity`, meant for its item slots, so a task slot takes 1 instead.
 */
type SlotRequest = { slotId: number; quantity: number; shared?: boolean };

// A type, not an interface: prepared statements take it as a record of named parameters.
type SignupRow = {
  /** One slot, or several of one sheet: saved all or nothing. */
  slots: SlotRequest[];
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
  /** As given; checked against the sheet's questions by refuseEarly, which keeps them here. */
  answers: Record<string, unknown>;
  /** The language they signed up in (API.md "Languages"). */
  language: string;
};

/**
 * The answer to a signup on a full slot: the one most signups get the evening a newsletter goes
 * out. It is an expected answer, not a fault, so no stack trace is captured for it (capturing one,
 * through the procedure's async frames, was a twentieth of a refused signup's CPU).
 */
function slotFullRefusal(slotId?: number): Refusal {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return refuse('CONFLICT', volunteerMessages.slotFull, {
      reason: 'slotFull',
      ...(slotId === undefined ? {} : { slotId }),
    });
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** What refuseEarly learnt of the sheet, which the write then keeps to. */
interface SignupSheetFacts {
  sheetId: number;
  maxSlotsPerPerson: number | null;
  /** What the sheet's organizer hears of the signup. */
  notifyOrganizer: OrganizerNotification;
  /** The answers as they are kept (lib: checkAnswers). */
  answers: Answers;
}

interface SignupSteps {
  /**
   * Refuses, on one read per slot and before any write, a signup that the slots' state alone
   * refuses: no such slot, slots of different sheets, signups closed, a quantity larger than what
   * is still needed, full for someone not asking for the waitlist; then, with one read of the
   * sheet, answers its questions refuse. A task slot's quantity becomes 1.
   */
  refuseEarly(row: SignupRow): SignupSheetFacts;
  /** The signup's writes, one row per slot; run inside a transaction, which its throw rolls back. */
  write(row: SignupRow, facts: SignupSheetFacts): Volunteer[];
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
  // The sheet's fields through subqueries, not a join: SQLite 3.54 (better-sqlite3 13) compiles a
  // join whose WHERE holds a bound parameter again on every run after the parameter is bound,
  // which tripled this read, the whole of a refused signup's database work (bench/results.md notes).
  const slot = db
    .select({
      sheetId: volunteerSlots.signupSheetId,
      startTime: volunteerSlots.startTime,
      eventDate:
        sql`(select ${signupSheets.eventDate} from ${signupSheets} where ${signupSheets.id} = ${volunteerSlots.signupSheetId})`.mapWith(
          signupSheets.eventDate,
        ),
      kind: volunteerSlots.kind,
      currentVolunteers: volunteerSlots.currentVolunteers,
      maxVolunteers: volunteerSlots.maxVolunteers,
    })
    .from(volunteerSlots)
    .where(eq(volunteerSlots.id, slotId))
    .prepare();
  // What the sheet asks of a signup, read only once the slots have not refused it: a refused signup
  // (the evening's usual answer) never pays for it.
  const sheetRules = db
    .select({
      maxSlotsPerPerson: signupSheets.maxSlotsPerPerson,
      questions: signupSheets.questions,
      notifyOrganizer: signupSheets.notifyOrganizer,
    })
    .from(signupSheets)
    .where(eq(signupSheets.id, sql.placeholder('sheetId')))
    .prepare();
  const duplicate = db
    .select({ id: volunteers.id })
    .from(volunteers)
    .where(and(eq(volunteers.slotId, slotId), eq(volunteers.email, sql.placeholder('email'))))
    .prepare();
  const quantity = sql.placeholder('quantity');
  const raise = db
    .update(volunteerSlots)
    .set({ currentVolunteers: sql`${volunteerSlots.currentVolunteers} + ${quantity}` })
    .where(
      and(
        eq(volunteerSlots.id, slotId),
        sql`${volunteerSlots.currentVolunteers} + ${quantity} <= ${volunteerSlots.maxVolunteers}`,
      ),
    )
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
      quantity,
      answers: sql.placeholder('answers'),
      language: sql.placeholder('language'),
    })
    .returning()
    .prepare();
  const consent = db
    .insert(consentRecords)
    .values({
      email: sql.placeholder('email'),
      userId: sql.placeholder('userId'),
      volunteerId: sql.placeholder('volunteerId'),
      consent: true,
      source: 'signup',
      at: sql.placeholder('at'),
    })
    .prepare();
  // The mailboxes holding a confirmed spot on the sheet (only read for a sheet with a per-person limit).
  const confirmedEmails = db
    .select({ email: volunteers.email })
    .from(volunteers)
    .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
    .where(and(eq(volunteerSlots.signupSheetId, sql.placeholder('sheetId')), eq(volunteers.status, 'confirmed')))
    .prepare();
  /** The slot, or the refusal every signup on it gets whatever the count. */
  const openSlot = (row: SignupRow, id: number) => {
    const found = slot.get({ slotId: id });
    if (!found) throw refuse('NOT_FOUND', slotMessages.slotNotFound, { reason: 'slotNotFound', slotId: id });
    if (!row.allowClosed && signupsClosed(found, row.signupTime)) {
      throw refuse('CONFLICT', volunteerMessages.signupsClosed, { reason: 'signupsClosed', slotId: id });
    }
    return found;
  };
  /** A slot with some room but less than the quantity asked for: how many are still needed. */
  const tooMany = (id: number, left: number) =>
    refuse('CONFLICT', volunteerMessages.stillNeeded(left), {
      reason: 'quantityTooLarge',
      field: 'quantity',
      slotId: id,
    });
  /**
   * Once a slot is full, nearly every signup on it is refused (the evening a newsletter goes out,
   * most of them). Such a refusal writes nothing, so it is decided on one read, with no
   * transaction: the slot was full when it was read, which is when the signup happened.
   */
  const refuseEarly = (row: SignupRow): SignupSheetFacts => {
    let sheetId: number | null = null;
    for (const request of row.slots) {
      const found = openSlot(row, request.slotId);
      if (sheetId === null) sheetId = found.sheetId;
      else if (found.sheetId !== sheetId) {
        throw refuse('BAD_REQUEST', volunteerMessages.slotsOnOneSheet, { reason: 'slotsOnOneSheet', field: 'slotIds' });
      }
      if (found.kind === 'task') {
        if (request.shared) request.quantity = 1;
        if (request.quantity > 1)
          throw refuse('BAD_REQUEST', volunteerMessages.quantityOnItemsOnly, {
            reason: 'quantityOnItemsOnly',
            field: 'quantity',
            slotId: request.slotId,
          });
      }
      const left = found.maxVolunteers - found.currentVolunteers;
      if (left > 0 && left < request.quantity) throw tooMany(request.slotId, left);
      if (!row.waitlist && left <= 0) throw slotFullRefusal(row.slots.length > 1 ? request.slotId : undefined);
    }
    if (sheetId === null)
      throw refuse('BAD_REQUEST', signupMessages.slotRequired, { reason: 'slotRequired', field: 'slotId' });
    const rules = sheetRules.get({ sheetId });
    if (!rules) throw refuse('NOT_FOUND', slotMessages.sheetNotFound, { reason: 'sheetNotFound' });
    const checked = checkAnswers(rules.questions, row.answers);
    const issue = checked.issues[0];
    if (issue)
      throw refuse('BAD_REQUEST', issue.message, { reason: 'invalidAnswer', field: answerField(issue.questionId) });
    return {
      sheetId,
      maxSlotsPerPerson: rules.maxSlotsPerPerson,
      notifyOrganizer: rules.notifyOrganizer,
      answers: checked.answers,
    };
  };
  // One connection, so statements prepared on `db` run in the caller's transaction. Its guarded
  // UPDATE alone decides whether a spot is still there. The slots are read again: the write runs a
  // turn of the event loop after refuseEarly, and a slot may have been removed or started since.
  const write = (row: SignupRow, facts: SignupSheetFacts): Volunteer[] => {
    const multi = row.slots.length > 1;
    const created: Volunteer[] = [];
    for (const request of row.slots) {
      const id = request.slotId;
      const found = openSlot(row, id);
      // Capacity first: on a full slot everyone who does not ask for the waitlist hears the same
      // thing, so the answer never tells a stranger whether some address is signed up. (A throw
      // below rolls the raised count back.) A slot with room has an empty waitlist (every freed
      // spot is filled from it in the same transaction), so a confirmed signup never jumps the line.
      const confirmed = raise.run({ slotId: id, quantity: request.quantity }).changes > 0;
      if (!confirmed) {
        const left = found.maxVolunteers - found.currentVolunteers;
        if (left > 0) throw tooMany(id, left);
        if (!row.waitlist) throw slotFullRefusal(multi ? id : undefined);
      }
      if (duplicate.get({ slotId: id, email: row.email })) {
        throw refuse('CONFLICT', volunteerMessages.alreadySignedUp, {
          reason: 'alreadySignedUp',
          field: 'email',
          ...(multi ? { slotId: id } : {}),
        });
      }
      const status: VolunteerStatus = confirmed ? 'confirmed' : 'waitlisted';
      const inserted = insert.get({
        ...row,
        slotId: id,
        quantity: request.quantity,
        userId: row.owner(),
        status,
        answers: facts.answers,
      });
      if (!inserted) throw new Error('Inserting the volunteer returned no row');
      created.push(inserted);
    }
    const limit = facts.maxSlotsPerPerson;
    if (limit !== null && created.some((v) => v.status === 'confirmed')) {
      // Counted after the inserts, inside the same transaction: what this signup holds included.
      const box = mailbox(row.email);
      const held = confirmedEmails.all({ sheetId: facts.sheetId }).filter((v) => mailbox(v.email) === box).length;
      if (held > limit)
        throw refuse('CONFLICT', volunteerMessages.maxSlotsPerPerson(limit), { reason: 'maxSlotsPerPerson' });
    }
    recordForDigest(db, sheetOf(facts), signupChanges(created), row.signupTime);
    // Consent given on the signup form is recorded with it (API.md "Privacy"); no box ticked, no change.
    const firstCreated = created[0];
    if (row.emailConsent && firstCreated)
      consent.run({
        email: row.email,
        userId: firstCreated.userId,
        volunteerId: firstCreated.id,
        at: row.signupTime,
      });
    return created;
  };
  return { refuseEarly, write };
}

const sheetOf = (facts: SignupSheetFacts) => ({ id: facts.sheetId, notifyOrganizer: facts.notifyOrganizer });

/** A signup's news for the sheet's organizer: one per slot, joined or waitlisted. */
const signupChanges = (created: readonly Volunteer[]): SignupChange[] =>
  created.map((v) => ({
    kind: v.status === 'waitlisted' ? 'waitlisted' : 'signup',
    volunteerName: v.name,
    slotId: v.slotId,
  }));

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

/** A signup as its answer carries it: the row, and the token of its "manage my signup" link. */
export type CreatedSignup = Volunteer & { manageToken: string };

type SignupInput = Omit<z.output<typeof volunteerSignupSchema>, 'slotId'>;

/** Signs up for one slot: the signup and whether its confirmation is on its way. */
export async function signUp(
  ctx: Context,
  input: z.output<typeof volunteerSignupSchema>,
): Promise<CreatedSignup & { confirmationEmail: boolean }> {
  const { created, confirmationEmail } = await signUpFor(ctx, input, [
    { slotId: input.slotId, quantity: input.quantity ?? 1 },
  ]);
  const [volunteer] = created;
  if (!volunteer) throw new Error('A signup saved no row');
  return { ...volunteer, confirmationEmail };
}

/**
 * Signs up for several slots of one sheet at once (each id once), all or nothing; one
 * confirmation email for them all.
 */
export async function signUpMany(
  ctx: Context,
  input: z.output<typeof volunteerMultiSignupSchema>,
): Promise<{ volunteers: CreatedSignup[]; confirmationEmail: boolean }> {
  const slots = [...new Set(input.slotIds)].map((slotId): SlotRequest => {
    const own = input.quantities?.[String(slotId)];
    return own === undefined ? { slotId, quantity: input.quantity ?? 1, shared: true } : { slotId, quantity: own };
  });
  const { created, confirmationEmail } = await signUpFor(ctx, input, slots);
  return { volunteers: created, confirmationEmail };
}

/**
 * Signs a volunteer up, for one slot (`slotId`) or several of one sheet (`slotIds`). The capacity
 * checks and the inserts are one transaction (a savepoint in the commit it shares with other
 * signups of the same moment), all or nothing, and each count is raised by a guarded UPDATE, so
 * concurrent signups can never overfill a slot. It answers once that commit is on disk; a signup
 * the slots refuse outright (full, closed) is answered at once. Each client address (an IPv6
 * client: its /64) may make SIGNUP_RATE_LIMIT signups in 10 minutes (a multi-slot signup counts
 * once), those an organizer enters for other people included (only admins are exempt), and each
 * mailbox receives at most a few confirmations an hour, so that the form cannot be used to flood
 * anyone's mailbox. `confirmationEmail` says whether a confirmation is on its way (the page
 * promises one only then): one email for every slot of the signup. On a full slot,
 * `waitlist: true` makes that slot's signup `waitlisted` instead of refused.
 */
async function signUpFor(
  ctx: Context,
  input: SignupInput,
  slots: SlotRequest[],
): Promise<{ created: CreatedSignup[]; confirmationEmail: boolean }> {
  const { db, runtime } = ctx;
  const first = slots[0];
  if (!first) throw refuse('BAD_REQUEST', signupMessages.slotRequired, { reason: 'slotRequired', field: 'slotId' });
  // Whoever runs the sheet may add volunteers to a slot that has started.
  const runsSheet = isOrganizer(ctx.user) && managesSheet(ctx.user, slotSheetOwner(db, first.slotId).ownerId);
  const owner = signupOwner(ctx, ctx.user, input);
  const row: SignupRow = {
    slots,
    allowClosed: runsSheet,
    owner,
    name: input.name,
    email: input.email,
    phone: input.phone,
    notes: input.notes ?? null,
    emailConsent: input.emailConsent,
    // Their emails and reminders are written in the language they chose on the form, else the page's.
    language: input.language ?? ctx.language,
    signupTime: runtime.now(),
    waitlist: input.waitlist === true,
    answers: input.answers,
  };
  const steps = runtime.state(signupStatements, prepareSignup);
  const facts = steps.refuseEarly(row);
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
  let created: Volunteer[];
  try {
    // Answered only once committed (synchronous = FULL); signups arriving together share the commit.
    created = await commitTogether(ctx, () => steps.write(row, facts));
  } catch (error) {
    // Only signups that happened count against the address.
    if (taken?.allowed) taken.ticket.release();
    throw error;
  }
  notifyOrganizer(ctx, sheetOf(facts), signupChanges(created));
  // The confirmation goes out after the answer: a slow or failing mail server never costs a signup.
  // It is promised only with one of the mailbox's emails for today reserved (email/budget.ts).
  const email = row.email;
  const reserved =
    currentSender(ctx) !== null && runtime.limits.confirmationMail.take(email).allowed
      ? reserveMail(ctx, email, 'notice')
      : null;
  const confirmationEmail = reserved?.ok === true;
  if (reserved?.ok) {
    const signups = created.map((volunteer) => ({
      ...signupWithEvent(db, volunteer),
      waitlistPosition: waitlistPosition(db, volunteer),
    }));
    runtime.mail.inBackground(
      'Signup confirmation',
      () => sendSignupsConfirmation(ctx, signups, reserved, { remindersStopped }),
      ctx,
      { volunteerId: created[0]?.id ?? null },
    );
  }
  return {
    created: created.map((volunteer) => ({ ...volunteer, manageToken: manageToken(ctx, volunteer.id) })),
    confirmationEmail,
  };
}
