import { type Executor, type Volunteer, volunteers, type VolunteerStatus, volunteerSlots } from '@pac/db';
import type { mySignupMoveSchema, mySignupSchema, volunteerUpdateSchema } from '@pac/validators';
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Context, ServiceContext, SessionUser, UserContext } from '../context';
import { currentSender } from '../email/service';
import { refuse } from '../lib/errors';
import { assertValidLink } from '../lib/links';
import { mailbox } from '../lib/mailbox';
import { manageTokenVolunteerId } from '../lib/manageLink';
import { managesVolunteer } from '../lib/sheetAccess';
import type { SignupWithEvent } from '../lib/signupEmail';
import { hasChanges } from '../lib/updates';
import { getSlotWithSheet, lowerVolunteerCount, slotsOfSheet } from '../slots/service';
import { announcePromotions, promoteFromWaitlist, waitlistPosition } from '../waitlist/service';
import { getVolunteer, signupWithEvent } from './history';
import { sendSignupConfirmation } from './mail';
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
  const volunteer = getVolunteer(ctx.db, link.id);
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
  removeVolunteer(ctx, volunteer.id);
  return { message: volunteerMessages.signupCancelled };
}

/** Whether the caller may change this signup: their own, or one on a sheet they run. */
function assertMaySignupChange(db: Executor, caller: SessionUser, volunteer: Volunteer): void {
  if (volunteer.userId === caller.id) return;
  if (!managesVolunteer(db, caller, volunteer.id))
    throw refuse('FORBIDDEN', volunteerMessages.notYourSignup, { reason: 'notYourSignup' });
}

/**
 * Changes a signup: the caller's own, or one on a sheet they run; an email already on the slot is
 * refused.
 */
export function updateSignup(ctx: UserContext, input: z.output<typeof volunteerUpdateSchema>): Volunteer {
  const { id, ...changes } = input;
  return ctx.db.transaction((tx) => {
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
    if (!hasChanges(changes)) return volunteer;
    const updated = tx.update(volunteers).set(changes).where(eq(volunteers.id, id)).returning().get();
    if (!updated) throw refuse('NOT_FOUND', volunteerMessages.volunteerNotFound, { reason: 'volunteerNotFound' });
    return updated;
  });
}

/** Cancels a signup: the caller's own, or one on a sheet they run. */
export function deleteSignup(ctx: UserContext, id: number): { success: true } {
  const volunteer = getVolunteer(ctx.db, id);
  assertMaySignupChange(ctx.db, ctx.user, volunteer);
  removeVolunteer(ctx, volunteer.id);
  return { success: true as const };
}

/**
 * Removes a signup. A confirmed one frees its spot: the slot's count goes down and the earliest
 * waitlisted volunteer takes the spot, in the same transaction; they are emailed after it commits.
 */
export function removeVolunteer(ctx: ServiceContext, volunteerId: number): void {
  const promoted = ctx.db.transaction((tx) => {
    // What the row was when it went, not when the caller read it.
    const removed = tx
      .delete(volunteers)
      .where(eq(volunteers.id, volunteerId))
      .returning({ slotId: volunteers.slotId, status: volunteers.status })
      .get();
    if (removed?.status !== 'confirmed') return [];
    lowerVolunteerCount(tx, removed.slotId);
    return promoteFromWaitlist(tx, removed.slotId);
  });
  announcePromotions(ctx, promoted);
}

// ---------------------------------------------------------------------------------------------
// "Manage my signup": the page behind the link in a volunteer's emails, without an account.

/** The signup behind a manage link as its page shows it: no phone or notes (a link can be forwarded). */
export interface ManagedSignup {
  id: number;
  slotId: number;
  name: string;
  email: string;
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
    status: volunteer.status,
    signupTime: volunteer.signupTime,
    waitlistPosition: waitlistPosition(db, volunteer),
  };
}

/** The volunteer behind a manage link: FORBIDDEN unless we signed it, NOT_FOUND once cancelled. */
function managedVolunteer(ctx: ServiceContext, token: string): Volunteer {
  return getVolunteer(ctx.db, manageTokenVolunteerId(ctx, token));
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
        s.currentVolunteers < s.maxVolunteers &&
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
    }));
  return {
    ...managedSignup(ctx.db, volunteer),
    /** The slot has started (or its event has passed). */
    closed: signupsClosed({ startTime: slot.startTime, eventDate: sheet.eventDate }, now),
    slot: {
      id: slot.id,
      title: slot.title,
      description: slot.description,
      startTime: slot.startTime,
      endTime: slot.endTime,
    },
    sheet: {
      id: sheet.id,
      title: sheet.title,
      description: sheet.description,
      eventDate: sheet.eventDate,
      organizerName: sheet.organizerName,
      organizerEmail: sheet.organizerEmail,
    },
    otherSlots,
  };
}

/** Cancels the signup behind a manage link (a confirmed one's spot goes to the waitlist). */
export function cancelByToken(ctx: ServiceContext, input: z.output<typeof mySignupSchema>) {
  const volunteer = managedVolunteer(ctx, input.token);
  removeVolunteer(ctx, volunteer.id);
  return { message: volunteerMessages.signupCancelled };
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
  const { moved, promoted } = ctx.db.transaction((tx) => {
    const volunteer = getVolunteer(tx, id);
    const from = getSlotWithSheet(tx, volunteer.slotId);
    const to = getSlotWithSheet(tx, input.slotId);
    if (to.sheet.id !== from.sheet.id)
      throw refuse('BAD_REQUEST', volunteerMessages.otherSheet, { reason: 'otherSheet', field: 'slotId' });
    if (to.slot.id === from.slot.id)
      throw refuse('BAD_REQUEST', volunteerMessages.sameSlot, { reason: 'sameSlot', field: 'slotId' });
    if (signupsClosed({ startTime: to.slot.startTime, eventDate: to.sheet.eventDate }, now))
      throw refuse('CONFLICT', volunteerMessages.signupsClosed, { reason: 'signupsClosed' });
    const taken = tx
      .update(volunteerSlots)
      .set({ currentVolunteers: sql`${volunteerSlots.currentVolunteers} + 1` })
      .where(and(eq(volunteerSlots.id, to.slot.id), lt(volunteerSlots.currentVolunteers, volunteerSlots.maxVolunteers)))
      .run();
    if (taken.changes === 0) throw refuse('CONFLICT', volunteerMessages.slotFull, { reason: 'slotFull' });
    const clash = tx
      .select({ id: volunteers.id })
      .from(volunteers)
      .where(and(eq(volunteers.slotId, to.slot.id), eq(volunteers.email, volunteer.email)))
      .get();
    if (clash) throw refuse('CONFLICT', volunteerMessages.alreadySignedUp, { reason: 'alreadySignedUp' });
    const updated = tx
      .update(volunteers)
      // A check-in belonged to the old slot.
      .set({ slotId: to.slot.id, status: 'confirmed', attended: null, checkedInAt: null })
      .where(eq(volunteers.id, id))
      .returning()
      .get();
    if (!updated) throw refuse('NOT_FOUND', volunteerMessages.volunteerNotFound, { reason: 'volunteerNotFound' });
    if (volunteer.status !== 'confirmed') return { moved: updated, promoted: [] };
    lowerVolunteerCount(tx, from.slot.id);
    return { moved: updated, promoted: promoteFromWaitlist(tx, from.slot.id) };
  });
  announcePromotions(ctx, promoted);
  if (currentSender(ctx) !== null && ctx.runtime.limits.confirmationMail.take(moved.email).allowed) {
    const signup = signupWithEvent(ctx.db, moved);
    ctx.runtime.mail.inBackground('Signup confirmation', () => sendSignupConfirmation(ctx, signup), ctx, {
      volunteerId: moved.id,
    });
  }
  return managedSignup(ctx.db, moved);
}

/** Signups made without an account under this email join the account (see auth's linkSignupsByEmail). */
export function claimSignupsByEmail(db: Executor, userId: number, email: string): void {
  db.update(volunteers)
    .set({ userId })
    .where(and(eq(volunteers.email, email), isNull(volunteers.userId)))
    .run();
}

/** Stops reminder emails to every signup with this email address's mailbox (lib/mailbox.ts). */
export function withdrawEmailConsent(db: Executor, email: string): void {
  const box = mailbox(email);
  const at = box.lastIndexOf('@');
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
  const ids = candidates.filter((v) => mailbox(v.email) === box).map((v) => v.id);
  if (ids.length > 0) db.update(volunteers).set({ emailConsent: false }).where(inArray(volunteers.id, ids)).run();
}
