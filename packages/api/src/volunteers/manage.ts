import {
  type Executor,
  type SignupSheet,
  type Volunteer,
  volunteers,
  type VolunteerSlot,
  type VolunteerStatus,
} from '@pac/db';
import {
  type Answers,
  checkAnswers,
  type mySignupMoveSchema,
  type mySignupSchema,
  type mySignupUpdateSchema,
  type volunteerUpdateSchema,
} from '@pac/validators';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Context, ServiceContext, SessionUser, UserContext } from '../context';
import { currentSender } from '../email/service';
import { recordConsent } from '../lib/consent';
import { answerField, refuse } from '../lib/errors';
import { answerText } from '../lib/i18n';
import { assertValidLink } from '../lib/links';
import { mailbox } from '../lib/mailbox';
import { manageTokenVolunteerId } from '../lib/manageLink';
import { managesVolunteer } from '../lib/sheetAccess';
import type { SignupWithEvent } from '../lib/signupEmail';
import { hasChanges } from '../lib/updates';
import { getSlotWithSheet, lowerVolunteerCount, raiseVolunteerCount, slotsOfSheet } from '../slots/service';
import { notifyOrganizer, recordForDigest, type SignupChange } from '../organizerNotifications/service';
import { announcePromotions, promoteFromWaitlist, waitlistPosition } from '../waitlist/service';
import { getLinkedVolunteer, getVolunteer, signupWithEvent } from './history';
import { sendCancellationEmail, sendSignupConfirmation } from './mail';
import { volunteerMessages } from './messages';
import { signupsClosed } from './signup';

/**
 * After the signup: changing, moving and cancelling it, from the links in a volunteer's emails
 * (the manage link, older emails' cancel link; no account needed) or signed in. A freed spot goes
 * to the slot's waitlist. Also the changes other domains make to signups: claiming them for an
 * account, withdrawing their reminder consent.
 */

/** The signup behind a signed cancel link, or FORBIDDEN when the link is not ours. */
function linkedSignup(ctx: Context, link: { id: number; token: string }): SignupWithEvent {
  const volunteer = getLinkedVolunteer(ctx.db, link.id);
  assertValidLink(ctx, 'cancel', link.id, link.token);
  return signupWithEvent(ctx.db, volunteer);
}

/** What a cancel link from the confirmation email is about, for the page that asks to confirm. */
export function cancelInfo(ctx: Context, link: { id: number; token: string }) {
  const { volunteer, slot, sheet } = linkedSignup(ctx, link);
  return {
    name: volunteer.name,
    slotTitle: slot.title,
    startTime: slot.startTime,
    endTime: slot.endTime,
    sheetId: sheet.id,
    sheetTitle: sheet.title,
    eventDate: sheet.eventDate,
  };
}

/** Cancels a signup from the link in its confirmation email, without an account. */
export function cancelByLink(ctx: Context, link: { id: number; token: string }) {
  const { volunteer } = linkedSignup(ctx, link);
  removeVolunteer(ctx, volunteer.id, 'volunteer');
  return { message: answerText(ctx, volunteerMessages.signupCancelled) };
}

/** Whether the caller may change this signup: their own, or one on a sheet they run. */
function assertMaySignupChange(db: Executor, caller: SessionUser, volunteer: Volunteer): void {
  if (volunteer.userId === caller.id) return;
  if (!managesVolunteer(db, caller, volunteer.id))
    throw refuse('FORBIDDEN', volunteerMessages.notYourSignup, { reason: 'notYourSignup' });
}

/**
 * Checks changed answers against the sheet's questions (400 with the question's sentence) and
 * returns them as they are kept.
 */
function checkedAnswers(sheet: SignupSheet, answers: Record<string, unknown>): Answers {
  const checked = checkAnswers(sheet.questions, answers);
  const issue = checked.issues[0];
  if (issue)
    throw refuse('BAD_REQUEST', issue.message, { reason: 'invalidAnswer', field: answerField(issue.questionId) });
  return checked.answers;
}

/**
 * A new quantity for a confirmed item signup, inside the caller's transaction: the slot's count
 * moves by the difference, guarded so the slot never holds more than it needs (409 'Only N still
 * needed for this item'); a lower quantity frees room for the waitlist. A task slot takes none.
 */
function changeQuantity(
  tx: Executor,
  volunteer: Volunteer,
  slot: VolunteerSlot,
  quantity: number,
  now: Date,
): Volunteer[] {
  if (quantity === volunteer.quantity) return [];
  if (slot.kind !== 'item')
    throw refuse('BAD_REQUEST', volunteerMessages.quantityOnItemsOnly, {
      reason: 'quantityOnItemsOnly',
      field: 'quantity',
    });
  if (volunteer.status !== 'confirmed') return [];
  const delta = quantity - volunteer.quantity;
  if (!raiseVolunteerCount(tx, slot.id, delta)) {
    const left = slot.maxVolunteers - slot.currentVolunteers + volunteer.quantity;
    throw refuse('CONFLICT', volunteerMessages.stillNeeded(left), { reason: 'quantityTooLarge', field: 'quantity' });
  }
  return delta < 0 ? promoteFromWaitlist(tx, slot.id, now) : [];
}

/**
 * Changes a signup: the caller's own, or one on a sheet they run; an email already on the slot is
 * refused. Answers are checked against the sheet's questions; an item's quantity against what is
 * still needed.
 */
export function updateSignup(ctx: UserContext, input: z.output<typeof volunteerUpdateSchema>): Volunteer {
  const { id, quantity, answers, ...changes } = input;
  const { updated, promoted } = ctx.db.transaction((tx) => {
    const volunteer = getVolunteer(tx, id);
    assertMaySignupChange(tx, ctx.user, volunteer);
    if (changes.email !== undefined) {
      const clash = tx
        .select({ id: volunteers.id })
        .from(volunteers)
        .where(and(eq(volunteers.slotId, volunteer.slotId), eq(volunteers.email, changes.email), ne(volunteers.id, id)))
        .get();
      if (clash)
        throw refuse('CONFLICT', volunteerMessages.alreadySignedUp, { reason: 'alreadySignedUp', field: 'email' });
    }
    const applied = applySignupChanges(tx, volunteer, { ...changes, quantity, answers }, ctx.runtime.now());
    const after = applied.updated;
    if (after.emailConsent !== volunteer.emailConsent)
      recordConsent(tx, {
        email: after.email,
        userId: after.userId,
        volunteerId: after.id,
        consent: after.emailConsent,
        // The volunteer's own signup (through their account), or an organizer's or admin's edit.
        source: after.userId !== null && after.userId === ctx.user.id ? 'account' : 'admin',
        at: ctx.runtime.now(),
      });
    return applied;
  });
  announcePromotions(ctx, promoted);
  return updated;
}

/** The changes of an edit (the manage page's or an organizer's), in the caller's transaction. */
function applySignupChanges(
  tx: Executor,
  volunteer: Volunteer,
  input: Partial<Pick<Volunteer, 'name' | 'email' | 'phone' | 'notes' | 'emailConsent'>> & {
    quantity?: number | undefined;
    answers?: Record<string, unknown> | undefined;
  },
  now: Date,
): { updated: Volunteer; promoted: Volunteer[] } {
  const { quantity, answers, ...fields } = input;
  const { slot, sheet } = getSlotWithSheet(tx, volunteer.slotId);
  const changes: Partial<Volunteer> = { ...fields };
  if (answers !== undefined) changes.answers = checkedAnswers(sheet, answers);
  const promoted = quantity === undefined ? [] : changeQuantity(tx, volunteer, slot, quantity, now);
  if (quantity !== undefined) changes.quantity = quantity;
  if (!hasChanges(changes)) return { updated: volunteer, promoted };
  const updated = tx.update(volunteers).set(changes).where(eq(volunteers.id, volunteer.id)).returning().get();
  if (!updated) throw refuse('NOT_FOUND', volunteerMessages.volunteerNotFound, { reason: 'volunteerNotFound' });
  return { updated, promoted };
}

/** Cancels a signup: the caller's own, or one on a sheet they run. */
export function deleteSignup(ctx: UserContext, id: number): { success: true } {
  const volunteer = getVolunteer(ctx.db, id);
  assertMaySignupChange(ctx.db, ctx.user, volunteer);
  removeVolunteer(ctx, volunteer.id, volunteer.userId === ctx.user.id ? 'volunteer' : 'organizer');
  return { success: true as const };
}

const cancellation = (volunteer: Volunteer, by: 'volunteer' | 'organizer', spotsLeft: number): SignupChange => ({
  kind: 'cancellation',
  volunteerName: volunteer.name,
  slotId: volunteer.slotId,
  by,
  spotsLeft,
});

/** A confirmed signup's spot (its quantity) goes back to its slot, and to the slot's waitlist. */
function freeSpot(tx: Executor, volunteer: Volunteer, now: Date): Volunteer[] {
  lowerVolunteerCount(tx, volunteer.slotId, volunteer.quantity);
  return promoteFromWaitlist(tx, volunteer.slotId, now);
}

/**
 * Removes a signup. A confirmed one frees its spot (its quantity, on an item slot): the slot's
 * count goes down and the earliest waitlisted volunteers take the room, in the same transaction.
 * After it commits, the volunteer is told their signup is cancelled (by whom: `by`) and those
 * promoted that they are in.
 */
export function removeVolunteer(
  ctx: ServiceContext,
  volunteerId: number,
  by: 'volunteer' | 'organizer',
  // A person erasing their details is not mailed at the address they asked to be forgotten.
  options: { mailVolunteer?: boolean } = {},
): void {
  const now = ctx.runtime.now();
  const result = ctx.db.transaction((tx) => {
    // What the row was when it went, not when the caller read it.
    const removed = tx.delete(volunteers).where(eq(volunteers.id, volunteerId)).returning().get();
    if (!removed) return null;
    const event = getSlotWithSheet(tx, removed.slotId);
    const freed = removed.status === 'confirmed' ? removed.quantity : 0;
    // The spots open once it went, before the waitlist takes them (which the organizer hears of next).
    const change = cancellation(removed, by, event.slot.maxVolunteers - event.slot.currentVolunteers + freed);
    recordForDigest(tx, event.sheet, [change], now);
    const promoted = freed > 0 ? freeSpot(tx, removed, now) : [];
    return { removed: { volunteer: removed, ...event }, change, promoted };
  });
  if (!result) return;
  notifyOrganizer(ctx, result.removed.sheet, [result.change]);
  announcePromotions(ctx, result.promoted);
  if (options.mailVolunteer !== false && currentSender(ctx) !== null) {
    const signup = result.removed;
    ctx.runtime.mail.inBackground(
      'Cancellation email',
      () => sendCancellationEmail(ctx, signup, by).then(() => undefined),
      ctx,
      {
        volunteerId: signup.volunteer.id,
      },
    );
  }
}

// ---------------------------------------------------------------------------------------------
// "Manage my signup": the page behind the link in a volunteer's emails, without an account.

/**
 * The signup behind a manage link as its page shows it, with what the volunteer may correct there
 * (name, phone, notes, answers, an item's quantity): the link was mailed to the volunteer's own
 * address, so whoever holds it is the volunteer as far as the signup goes.
 */
export interface ManagedSignup {
  id: number;
  slotId: number;
  name: string;
  email: string;
  phone: string;
  notes: string | null;
  answers: Answers;
  quantity: number;
  status: VolunteerStatus;
  signupTime: Date;
  /** 1 is next in line; null when confirmed. */
  waitlistPosition: number | null;
}

function managedSignup(db: Executor, volunteer: Volunteer): ManagedSignup {
  return {
    id: volunteer.id,
    slotId: volunteer.slotId,
    name: volunteer.name,
    email: volunteer.email,
    phone: volunteer.phone,
    notes: volunteer.notes,
    answers: volunteer.answers,
    quantity: volunteer.quantity,
    status: volunteer.status,
    signupTime: volunteer.signupTime,
    waitlistPosition: waitlistPosition(db, volunteer),
  };
}

/** The volunteer behind a manage link: FORBIDDEN unless we signed it, NOT_FOUND once cancelled. */
function managedVolunteer(ctx: ServiceContext, token: string): Volunteer {
  // Its person deleted their details (or retention emptied it): the link opens nothing any more.
  return getLinkedVolunteer(ctx.db, manageTokenVolunteerId(ctx, token));
}

/**
 * What the manage page shows: the signup, its slot and sheet, whether the slot has started, and the
 * other slots of the sheet it could move to (not started, with spots left).
 */
export function manageInfo(ctx: ServiceContext, input: z.output<typeof mySignupSchema>) {
  const volunteer = managedVolunteer(ctx, input.token);
  const { slot, sheet } = getSlotWithSheet(ctx.db, volunteer.slotId);
  const now = ctx.runtime.now();
  const otherSlots = slotsOfSheet(ctx, sheet.id)
    .filter(
      (s) =>
        s.id !== slot.id &&
        s.currentVolunteers + (s.kind === 'item' && slot.kind === 'item' ? volunteer.quantity : 1) <= s.maxVolunteers &&
        !signupsClosed({ startTime: s.startTime, eventDate: sheet.eventDate }, now),
    )
    .map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description,
      startTime: s.startTime,
      endTime: s.endTime,
      maxVolunteers: s.maxVolunteers,
      currentVolunteers: s.currentVolunteers,
      spotsLeft: s.maxVolunteers - s.currentVolunteers,
      kind: s.kind,
    }));
  return {
    ...managedSignup(ctx.db, volunteer),
    /** The slot has started (or its event has passed). */
    closed: signupsClosed({ startTime: slot.startTime, eventDate: sheet.eventDate }, now),
    slot: {
      id: slot.id,
      title: slot.title,
      description: slot.description,
      location: slot.location,
      startTime: slot.startTime,
      endTime: slot.endTime,
      kind: slot.kind,
      maxVolunteers: slot.maxVolunteers,
      currentVolunteers: slot.currentVolunteers,
    },
    sheet: {
      id: sheet.id,
      title: sheet.title,
      description: sheet.description,
      location: sheet.location,
      eventDate: sheet.eventDate,
      organizerName: sheet.organizerName,
      organizerEmail: sheet.organizerEmail,
      questions: sheet.questions,
    },
    otherSlots,
  };
}

/** Cancels the signup behind a manage link (a confirmed one's spot goes to the waitlist). */
export function cancelByToken(ctx: Context, input: z.output<typeof mySignupSchema>) {
  const volunteer = managedVolunteer(ctx, input.token);
  removeVolunteer(ctx, volunteer.id, 'volunteer');
  return { message: answerText(ctx, volunteerMessages.signupCancelled) };
}

/**
 * Corrects the signup behind a manage link: name, phone, notes, answers (checked against the
 * sheet's questions) and an item's quantity (checked against what is still needed). Not the email:
 * the link was mailed to it.
 */
export function updateByToken(ctx: ServiceContext, input: z.output<typeof mySignupUpdateSchema>): ManagedSignup {
  const id = manageTokenVolunteerId(ctx, input.token);
  const { token: _token, ...changes } = input;
  const { updated, promoted } = ctx.db.transaction((tx) =>
    applySignupChanges(tx, getVolunteer(tx, id), changes, ctx.runtime.now()),
  );
  announcePromotions(ctx, promoted);
  return managedSignup(ctx.db, updated);
}

/**
 * Moves the signup behind a manage link to another slot of the same sheet, in one transaction: the
 * target's spot is taken by a guarded UPDATE (so concurrent moves and signups never overfill it),
 * and a confirmed volunteer's old spot goes to the old slot's waitlist. A waitlisted volunteer who
 * moves to a slot with room becomes confirmed there. The volunteer gets a fresh confirmation (with
 * the calendar invitation for the new time), those promoted their promotion email.
 */
export function moveSignup(ctx: ServiceContext, input: z.output<typeof mySignupMoveSchema>): ManagedSignup {
  const id = manageTokenVolunteerId(ctx, input.token);
  const now = ctx.runtime.now();
  const { moved, from, sheet, promoted } = ctx.db.transaction((tx) => {
    const volunteer = getVolunteer(tx, id);
    const from = getSlotWithSheet(tx, volunteer.slotId);
    const to = getSlotWithSheet(tx, input.slotId);
    if (to.sheet.id !== from.sheet.id)
      throw refuse('BAD_REQUEST', volunteerMessages.otherSheet, { reason: 'otherSheet', field: 'slotId' });
    if (to.slot.id === from.slot.id)
      throw refuse('BAD_REQUEST', volunteerMessages.sameSlot, { reason: 'sameSlot', field: 'slotId' });
    if (signupsClosed({ startTime: to.slot.startTime, eventDate: to.sheet.eventDate }, now))
      throw refuse('CONFLICT', volunteerMessages.signupsClosed, { reason: 'signupsClosed' });
    // An item signup brings its quantity to another item slot; on a task slot it is one person.
    const quantity = to.slot.kind === 'item' && from.slot.kind === 'item' ? volunteer.quantity : 1;
    if (!raiseVolunteerCount(tx, to.slot.id, quantity)) {
      const left = to.slot.maxVolunteers - to.slot.currentVolunteers;
      if (left > 0) throw refuse('CONFLICT', volunteerMessages.stillNeeded(left), { reason: 'quantityTooLarge' });
      throw refuse('CONFLICT', volunteerMessages.slotFull, { reason: 'slotFull' });
    }
    const clash = tx
      .select({ id: volunteers.id })
      .from(volunteers)
      .where(and(eq(volunteers.slotId, to.slot.id), eq(volunteers.email, volunteer.email)))
      .get();
    if (clash) throw refuse('CONFLICT', volunteerMessages.alreadySignedUp, { reason: 'alreadySignedUp' });
    const updated = tx
      .update(volunteers)
      // A check-in belonged to the old slot.
      .set({ slotId: to.slot.id, status: 'confirmed', quantity, attended: null, checkedInAt: null })
      .where(eq(volunteers.id, id))
      .returning()
      .get();
    if (!updated) throw refuse('NOT_FOUND', volunteerMessages.volunteerNotFound, { reason: 'volunteerNotFound' });
    const freed = volunteer.status === 'confirmed' ? freeSpot(tx, volunteer, now) : [];
    recordForDigest(tx, from.sheet, [moveChange(updated, from.slot.id)], now);
    return { moved: updated, from: from.slot, sheet: from.sheet, promoted: freed };
  });
  notifyOrganizer(ctx, sheet, [moveChange(moved, from.id)]);
  announcePromotions(ctx, promoted);
  if (currentSender(ctx) !== null && ctx.runtime.limits.confirmationMail.take(moved.email).allowed) {
    const signup = signupWithEvent(ctx.db, moved);
    // The new slot's confirmation says which signup it replaces.
    ctx.runtime.mail.inBackground(
      'Signup confirmation',
      () => sendSignupConfirmation(ctx, signup, null, undefined, { replaced: from }),
      ctx,
      { volunteerId: moved.id },
    );
  }
  return managedSignup(ctx.db, moved);
}

const moveChange = (moved: Volunteer, fromSlotId: number): SignupChange => ({
  kind: 'move',
  volunteerName: moved.name,
  slotId: moved.slotId,
  fromSlotId,
});

/** Signups made without an account under this email join the account (see auth's linkSignupsByEmail). */
export function claimSignupsByEmail(db: Executor, userId: number, email: string): void {
  db.update(volunteers)
    .set({ userId })
    .where(and(eq(volunteers.email, email), isNull(volunteers.userId)))
    .run();
}

/** The signups whose email is `email`'s mailbox (lib/mailbox.ts), in any case or with any +tag. */
export function signupIdsOfMailbox(db: Executor, email: string): number[] {
  const box = mailbox(email);
  const at = box.lastIndexOf('@');
  if (at <= 0) return [];
  const like = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  // The same mailbox, with any case or +tag: its spellings are found by pattern, and mailbox() decides.
  const candidates = db
    .select({ id: volunteers.id, email: volunteers.email })
    .from(volunteers)
    .where(
      or(
        sql`lower(${volunteers.email}) = ${box}`,
        sql`lower(${volunteers.email}) like ${`${like(box.slice(0, at))}+%${like(box.slice(at))}`} escape '\\'`,
      ),
    )
    .all();
  return candidates.filter((v) => mailbox(v.email) === box).map((v) => v.id);
}

/** Stops reminder emails to every signup with this email address's mailbox (lib/mailbox.ts). */
export function withdrawEmailConsent(db: Executor, email: string): void {
  const ids = signupIdsOfMailbox(db, email);
  if (ids.length > 0) db.update(volunteers).set({ emailConsent: false }).where(inArray(volunteers.id, ids)).run();
}
