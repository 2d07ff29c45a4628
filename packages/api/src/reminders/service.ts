import {
  type Db,
  reminderDeliveries,
  type ReminderType,
  sheetReminderSends,
  signupSheets,
  type SignupSheet,
  volunteers,
  type VolunteerSlot,
  volunteerSlots,
} from '@pac/db';
import type { reminderSendSchema } from '@pac/validators';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Context, logFor, type ServiceContext, type UserContext } from '../context';
import { isSuppressed, isSuppressedIn, liftSuppression, suppress } from '../email/budget';
import { assertMailConfigured, type MailOutcome } from '../email/service';
import { assertManagesSheet } from '../lib/access';
import { answerText } from '../lib/i18n';
import { assertValidLink } from '../lib/links';
import { sameDay, wallTime } from '../lib/schoolTime';
import type { SignupWithEvent } from '../lib/signupEmail';
import { getSheet } from '../sheets/service';
import { sendReminderEmail } from '../volunteers/mail';
import { getLinkedVolunteer, signupsWithEvent } from '../volunteers/history';
import { withdrawEmailConsent } from '../volunteers/manage';
import { recordConsent } from '../lib/consent';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
/** The Email Reminder Management card lists sheets with a slot starting within this many days. */
export const reminderWindowDays = 7;
/** Day-of reminders go out from this hour of the event's morning (server time). */
export const dayOfFromHour = 6;

/** When a slot happens: its own start, or else its sheet's event date. */
const slotStart = sql<number>`coalesce(${volunteerSlots.startTime}, ${signupSheets.eventDate})`;

export function startOf(slot: VolunteerSlot, sheet: SignupSheet): Date {
  return slot.startTime ?? sheet.eventDate;
}

/** A consenting volunteer with the slot and sheet a reminder is about. */
export type ReminderRecipient = SignupWithEvent;

/**
 * Consenting confirmed volunteers (the waitlist gets no reminders) in slots starting after `from`
 * and at most at `to`; of one sheet, or of one owner's sheets. An address that unsubscribed is
 * none of them, whatever its signups say (email/budget.ts: the suppression list).
 */
function recipientsBetween(
  db: Db,
  from: Date,
  to: Date,
  only: { sheetId?: number; ownerId?: number } = {},
): ReminderRecipient[] {
  return notSuppressed(db, consentingBetween(db, from, to, only), (r) => r.volunteer.email);
}

/** The items whose address is not on the suppression list (each mailbox looked up once). */
function notSuppressed<T>(db: Db, items: T[], email: (item: T) => string): T[] {
  const suppressed = new Map<string, boolean>();
  return items.filter((item) => {
    const address = email(item);
    let stopped = suppressed.get(address);
    if (stopped === undefined) {
      stopped = isSuppressedIn(db, address);
      suppressed.set(address, stopped);
    }
    return !stopped;
  });
}

function consentingBetween(
  db: Db,
  from: Date,
  to: Date,
  only: { sheetId?: number; ownerId?: number },
): ReminderRecipient[] {
  return signupsWithEvent(db)
    .where(
      and(
        eq(volunteers.emailConsent, true),
        eq(volunteers.status, 'confirmed'),
        gt(slotStart, from.getTime()),
        lte(slotStart, to.getTime()),
        only.sheetId === undefined ? undefined : eq(signupSheets.id, only.sheetId),
        only.ownerId === undefined ? undefined : eq(signupSheets.ownerId, only.ownerId),
      ),
    )
    .orderBy(slotStart, volunteers.id)
    .all();
}

/** One value per reminder type. */
export type PerReminderType<T> = Record<ReminderType, T>;

export interface PendingSheet {
  id: number;
  title: string;
  eventDate: Date;
  upcomingSlots: number;
  volunteerCount: number;
  slots: (VolunteerSlot & { volunteers: { id: number; name: string; email: string }[] })[];
  /** When a reminder of each type last went out for this sheet (automatic or by hand), or null. */
  remindersSent: PerReminderType<Date | null>;
  /**
   * How many volunteers a reminder of each type, sent by hand now, would email: the consenting
   * volunteers of the sheet's upcoming slots who have not had that type yet (see sendSheetReminders).
   */
  recipients: PerReminderType<number>;
}

/** When each type of reminder last went out for these sheets. */
function remindersSentBySheet(db: Db, sheetIds: number[]): Map<number, PerReminderType<Date | null>> {
  const bySheet = new Map<number, PerReminderType<Date | null>>(
    sheetIds.map((id) => [id, { week: null, day: null, hour: null }]),
  );
  if (sheetIds.length === 0) return bySheet;
  const rows = db.select().from(sheetReminderSends).where(inArray(sheetReminderSends.signupSheetId, sheetIds)).all();
  for (const row of rows) {
    const sent = bySheet.get(row.signupSheetId);
    if (sent) sent[row.reminderType] = row.lastSentAt;
  }
  return bySheet;
}

/**
 * Records that a reminder of this type went out for a sheet at `at`. One statement (an upsert that
 * keeps the later time), so two sends at once cannot leave an older time behind.
 */
export function recordReminderSent(db: Db, sheetId: number, type: ReminderType, at: Date): void {
  db.insert(sheetReminderSends)
    .values({ signupSheetId: sheetId, reminderType: type, lastSentAt: at })
    .onConflictDoUpdate({
      target: [sheetReminderSends.signupSheetId, sheetReminderSends.reminderType],
      set: { lastSentAt: sql`max(${sheetReminderSends.lastSentAt}, excluded.last_sent_at)` },
    })
    .run();
}

/** How many of each sheet's hand-send recipients (sheetRecipients) have not had each type yet. */
function recipientCounts(db: Db, sheetIds: number[], now: Date): Map<number, PerReminderType<number>> {
  const counts = new Map<number, PerReminderType<number>>();
  for (const sheetId of sheetIds) {
    const ids = sheetRecipients(db, sheetId, now).map((r) => r.volunteer.id);
    const had =
      ids.length === 0
        ? []
        : db
            .select({ type: reminderDeliveries.reminderType, n: sql<number>`count(*)` })
            .from(reminderDeliveries)
            .where(inArray(reminderDeliveries.volunteerId, ids))
            .groupBy(reminderDeliveries.reminderType)
            .all();
    const left = { week: ids.length, day: ids.length, hour: ids.length };
    for (const { type, n } of had) left[type] -= n;
    counts.set(sheetId, left);
  }
  return counts;
}

/**
 * API.md's `GET /api/reminders/pending`: `count` is the consenting volunteers in slots starting
 * within the next `days` days; `signupSheets` are the sheets with a slot starting within the next
 * 7 days, each with those upcoming slots and their consenting volunteers.
 */
export function pendingReminders(
  db: Db,
  days: number,
  now: Date,
  /** Only this owner's sheets (an organizer's); every sheet when undefined (an administrator). */
  ownerId?: number,
): { count: number; signupSheets: PendingSheet[] } {
  const count = recipientsBetween(db, now, new Date(now.getTime() + days * dayMs), { ownerId }).length;
  const slots = db
    .select({ slot: volunteerSlots, sheet: signupSheets })
    .from(volunteerSlots)
    .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
    .where(
      and(
        gt(slotStart, now.getTime()),
        lte(slotStart, now.getTime() + reminderWindowDays * dayMs),
        ownerId === undefined ? undefined : eq(signupSheets.ownerId, ownerId),
      ),
    )
    .orderBy(slotStart, volunteerSlots.title)
    .all();
  const slotIds = slots.map((s) => s.slot.id);
  const consenting =
    slotIds.length === 0
      ? []
      : notSuppressed(
          db,
          db
            .select({ id: volunteers.id, slotId: volunteers.slotId, name: volunteers.name, email: volunteers.email })
            .from(volunteers)
            .where(
              and(
                inArray(volunteers.slotId, slotIds),
                eq(volunteers.emailConsent, true),
                eq(volunteers.status, 'confirmed'),
              ),
            )
            .all(),
          (v) => v.email,
        );
  const sheets = new Map<number, PendingSheet>();
  for (const { slot, sheet } of slots) {
    let entry = sheets.get(sheet.id);
    if (!entry) {
      entry = {
        id: sheet.id,
        title: sheet.title,
        eventDate: sheet.eventDate,
        upcomingSlots: 0,
        volunteerCount: 0,
        slots: [],
        remindersSent: { week: null, day: null, hour: null },
        recipients: { week: 0, day: 0, hour: 0 },
      };
      sheets.set(sheet.id, entry);
    }
    const slotVolunteers = consenting
      .filter((v) => v.slotId === slot.id)
      .map(({ id, name, email }) => ({ id, name, email }));
    entry.slots.push({ ...slot, volunteers: slotVolunteers });
    entry.upcomingSlots += 1;
    entry.volunteerCount += slotVolunteers.length;
  }
  const sheetIds = [...sheets.keys()];
  const sent = remindersSentBySheet(db, sheetIds);
  const recipients = recipientCounts(db, sheetIds, now);
  for (const entry of sheets.values()) {
    entry.remindersSent = sent.get(entry.id) ?? entry.remindersSent;
    entry.recipients = recipients.get(entry.id) ?? entry.recipients;
  }
  return { count, signupSheets: [...sheets.values()] };
}

/** Consenting volunteers of a sheet's upcoming slots, for a reminder sent by hand. */
export function sheetRecipients(db: Db, sheetId: number, now: Date): ReminderRecipient[] {
  return recipientsBetween(db, now, new Date(now.getTime() + 366 * dayMs), { sheetId });
}

/**
 * Which automatic reminder is due now for a slot starting at `start`: week, 6 to 7 days ahead;
 * day, the day before (less than 24 hours ahead, on another calendar day); day-of ('hour'), from
 * 6 in the morning of the event's own day until it starts. Days and hours are the school's
 * (`timeZone`), not the server's.
 */
export function dueReminderType(start: Date, now: Date, timeZone: string): ReminderType | null {
  const ahead = start.getTime() - now.getTime();
  if (ahead <= 0) return null;
  if (ahead > 6 * dayMs && ahead <= 7 * dayMs) return 'week';
  if (sameDay(start, now, timeZone)) return wallTime(now, timeZone).hour >= dayOfFromHour ? 'hour' : null;
  if (ahead <= dayMs) return 'day';
  return null;
}

/** Every (volunteer, reminder type) the automatic schedule owes right now, not yet delivered. */
export function dueAutomaticReminders(
  db: Db,
  timeZone: string,
  now: Date,
): (ReminderRecipient & { type: ReminderType })[] {
  const due: (ReminderRecipient & { type: ReminderType })[] = [];
  for (const r of recipientsBetween(db, now, new Date(now.getTime() + reminderWindowDays * dayMs))) {
    const type = dueReminderType(startOf(r.slot, r.sheet), now, timeZone);
    if (type && !isDelivered(db, r.volunteer.id, type)) due.push({ ...r, type });
  }
  return due;
}

function isDelivered(db: Db, volunteerId: number, type: ReminderType): boolean {
  return (
    db
      .select({ id: reminderDeliveries.id })
      .from(reminderDeliveries)
      .where(and(eq(reminderDeliveries.volunteerId, volunteerId), eq(reminderDeliveries.reminderType, type)))
      .get() !== undefined
  );
}

/**
 * Claims the right to send one reminder: true only for the first caller, ever, for this volunteer
 * and type (the unique index decides, so two senders at once cannot both win).
 */
export function claimDelivery(db: Db, volunteerId: number, type: ReminderType): boolean {
  const inserted = db
    .insert(reminderDeliveries)
    .values({ volunteerId, reminderType: type })
    .onConflictDoNothing()
    .run();
  return inserted.changes === 1;
}

/** Gives a claim back when the mail could not be sent, so that a later try may send it. */
export function releaseDelivery(db: Db, volunteerId: number, type: ReminderType): void {
  db.delete(reminderDeliveries)
    .where(and(eq(reminderDeliveries.volunteerId, volunteerId), eq(reminderDeliveries.reminderType, type)))
    .run();
}

/**
 * Sends one reminder unless this volunteer already had this type: the delivery is claimed first
 * (atomically), and given back if the mail fails, so it is neither lost nor sent twice. A mail
 * that went out is recorded against its sheet at `now` (see recordReminderSent). One that the
 * mail limits held back (the address's emails for the day are spent, or it unsubscribed) keeps
 * its claim: it is not tried again. Returns what became of it ('skipped': had it already).
 */
export async function sendReminderOnce(
  ctx: ServiceContext,
  r: ReminderRecipient,
  type: ReminderType,
  now: Date,
): Promise<MailOutcome | 'skipped'> {
  if (!claimDelivery(ctx.db, r.volunteer.id, type)) return 'skipped';
  let outcome: MailOutcome;
  try {
    outcome = await sendReminderEmail(ctx, r, type, now);
  } catch (error) {
    releaseDelivery(ctx.db, r.volunteer.id, type);
    throw error;
  }
  if (outcome === 'sent') recordReminderSent(ctx.db, r.sheet.id, type, now);
  return outcome;
}

/**
 * Sends each of these reminders once (see sendReminderOnce). A failure is logged under
 * `failureLabel` and counted; the others still go out.
 */
async function sendEach(
  ctx: ServiceContext,
  due: (ReminderRecipient & { type: ReminderType })[],
  now: Date,
  failureLabel: string,
): Promise<{ sent: number; failed: number; heldBack: number }> {
  let sent = 0;
  let failed = 0;
  let heldBack = 0;
  for (const reminder of due) {
    try {
      const outcome = await sendReminderOnce(ctx, reminder, reminder.type, now);
      if (outcome === 'sent') sent += 1;
      else if (outcome !== 'skipped') heldBack += 1;
    } catch (error) {
      failed += 1;
      logFor(ctx).error(
        {
          err: error,
          volunteerId: reminder.volunteer.id,
          sheetId: reminder.sheet.id,
          reminderType: reminder.type,
        },
        failureLabel,
      );
    }
  }
  return { sent, failed, heldBack };
}

const labels = { week: 'week', day: 'day', hour: 'day-of' } as const;

/**
 * Sends one type of reminder to the consenting volunteers of the upcoming slots of a sheet the
 * caller runs, each once.
 */
export async function sendSheetReminders(ctx: UserContext, input: z.output<typeof reminderSendSchema>) {
  const sheet = getSheet(ctx, input.signupSheetId);
  assertManagesSheet(ctx.user, sheet.ownerId);
  assertMailConfigured(ctx);
  const now = ctx.runtime.now();
  const due = sheetRecipients(ctx.db, sheet.id, now).map((r) => ({ ...r, type: input.reminderType }));
  const { sent, failed, heldBack } = await sendEach(ctx, due, now, 'Reminder failed');
  const label = labels[input.reminderType];
  const message =
    `Sent ${sent} ${label} reminder${sent === 1 ? '' : 's'} for ${sheet.title}` +
    (failed > 0 ? `; ${failed} could not be sent` : '') +
    (heldBack > 0
      ? `; ${heldBack} held back (${heldBack === 1 ? 'that address has' : 'those addresses have'} had ${ctx.config.mailPerAddressPerDay} emails today)`
      : '');
  return { message, sent, failed, heldBack };
}

/**
 * One pass of the automatic reminders: every week, day and day-of reminder that is due and not yet
 * delivered goes out once. Returns how many were sent. Failures are logged and retried next pass.
 */
export async function sendDueReminders(ctx: ServiceContext, now = ctx.runtime.now()): Promise<number> {
  const due = dueAutomaticReminders(ctx.db, ctx.config.timeZone, now);
  return (await sendEach(ctx, due, now, 'Automatic reminder failed')).sent;
}

/** The link in every reminder: stops reminder emails to this volunteer's address. */
export function unsubscribe(ctx: Context, link: { id: number; token: string }) {
  assertValidLink(ctx, 'unsubscribe', link.id, link.token);
  const volunteer = getLinkedVolunteer(ctx.db, link.id);
  // By address: the suppression list holds against later edits and signups; the signups say so too.
  ctx.db.transaction((tx) => {
    suppress(tx, volunteer.email);
    withdrawEmailConsent(tx, volunteer.email);
    recordConsent(tx, {
      email: volunteer.email,
      userId: volunteer.userId,
      volunteerId: volunteer.id,
      consent: false,
      source: 'unsubscribe',
      at: ctx.runtime.now(),
    });
  });
  return { message: answerText(ctx, /*i18n*/ 'You will not receive any more reminder emails'), email: volunteer.email };
}

/** Whether reminders reach the address of a signup, for its reminder-emails page (the same link). */
export function reminderEmailStatus(ctx: ServiceContext, link: { id: number; token: string }) {
  assertValidLink(ctx, 'unsubscribe', link.id, link.token);
  const volunteer = getLinkedVolunteer(ctx.db, link.id);
  return { email: volunteer.email, stopped: isSuppressed(ctx, volunteer.email) };
}

/**
 * Turns reminders back on for the address of a signup: only from the link mailed to that address
 * (the one in every reminder and confirmation), never by an edit or a later signup. The address
 * leaves the suppression list, and this signup gets reminders again.
 */
export function resubscribe(ctx: Context, link: { id: number; token: string }) {
  assertValidLink(ctx, 'unsubscribe', link.id, link.token);
  const volunteer = getLinkedVolunteer(ctx.db, link.id);
  ctx.db.transaction((tx) => {
    liftSuppression(tx, volunteer.email);
    tx.update(volunteers).set({ emailConsent: true }).where(eq(volunteers.id, volunteer.id)).run();
    // Turned back on from the same link the unsubscribe came by.
    recordConsent(tx, {
      email: volunteer.email,
      userId: volunteer.userId,
      volunteerId: volunteer.id,
      consent: true,
      source: 'unsubscribe',
      at: ctx.runtime.now(),
    });
  });
  return { message: answerText(ctx, /*i18n*/ 'Reminder emails are back on'), email: volunteer.email };
}
