import {
  type Executor,
  type SignupEvent,
  type SignupEventKind,
  signupEvents,
  signupSheets,
  type SignupSheet,
  volunteerSlots,
  type VolunteerSlot,
} from '@pac/db';
import { formatWhen, type OrganizerChange, organizerDigest, organizerNotice } from '@pac/notify';
import { appPages } from '@pac/validators/page-data';
import { and, asc, eq, inArray, lt, ne } from 'drizzle-orm';
import type { ServiceContext } from '../context';
import { organizerI18n } from '../email/language';
import { currentSender, sendMail } from '../email/service';
import { instantAt, wallTime } from '../lib/schoolTime';

/**
 * What a sheet's organizer hears of its signups (API.md "An organizer's season"): with
 * `notifyOrganizer: each` an email for every signup, cancellation, move and promotion off the
 * waitlist, sent once the change has committed; with `daily` the changes are kept (in the same
 * transaction as the change, so none is lost) and reported in one digest at 07:00 school time the
 * next day. Below volunteers, slots and waitlist, which tell it what happened, and importing none
 * of them: it reads the slots and sheets it reports on itself.
 */

/** One change to a signup, as the domain that made it says it. */
export interface SignupChange {
  kind: SignupEventKind;
  volunteerName: string;
  slotId: number;
  /** A move: the slot it left. */
  fromSlotId?: number | null;
  /** A cancellation: the volunteer's own, or whoever runs the sheet removed them. */
  by?: 'volunteer' | 'organizer';
  /**
   * The spots open right after this change, when later changes of the same transaction (the
   * promotions a cancellation causes) would fill them again; else read from the slot.
   */
  spotsLeft?: number;
}

/** The sheet a change happened on, as far as its organizer's notifications go. */
export type NotifiedSheet = Pick<SignupSheet, 'id' | 'notifyOrganizer'>;

/** The hour (school time) the daily digest goes out. */
export const digestHour = 7;

const spotsLeft = (slot: Pick<VolunteerSlot, 'maxVolunteers' | 'currentVolunteers'>) =>
  Math.max(0, slot.maxVolunteers - slot.currentVolunteers);

function slotsById(db: Executor, ids: readonly number[]): Map<number, VolunteerSlot> {
  if (ids.length === 0) return new Map();
  const rows = db
    .select()
    .from(volunteerSlots)
    .where(inArray(volunteerSlots.id, [...new Set(ids)]))
    .all();
  return new Map(rows.map((slot) => [slot.id, slot]));
}

const slotIdsOf = (changes: readonly SignupChange[]) =>
  changes.flatMap((c) => (c.fromSlotId ? [c.slotId, c.fromSlotId] : [c.slotId]));

/**
 * Inside the transaction that made the changes: on a sheet whose organizer reads the daily digest,
 * keeps them (with the slot's title and the spots left after them) for the next one. Nothing on
 * other sheets.
 */
export function recordForDigest(tx: Executor, sheet: NotifiedSheet, changes: readonly SignupChange[], now: Date): void {
  if (sheet.notifyOrganizer !== 'daily' || changes.length === 0) return;
  const slots = slotsById(tx, slotIdsOf(changes));
  const rows = changes.flatMap((change) => {
    const slot = slots.get(change.slotId);
    if (!slot) return [];
    return [
      {
        signupSheetId: sheet.id,
        kind: change.kind,
        volunteerName: change.volunteerName,
        slotTitle: slot.title,
        fromSlotTitle: change.fromSlotId ? (slots.get(change.fromSlotId)?.title ?? null) : null,
        spotsLeft: change.spotsLeft ?? spotsLeft(slot),
        occurredAt: now,
      },
    ];
  });
  if (rows.length > 0) tx.insert(signupEvents).values(rows).run();
}

function organizerLinks(ctx: ServiceContext, sheetId: number) {
  const base = ctx.config.publicBaseUrl;
  return {
    sheetUrl: `${base}${appPages.sheet.path.replace(':id', String(sheetId))}`,
    rosterUrl: `${base}${appPages.roster.path.replace(':id', String(sheetId))}`,
    settingsUrl: `${base}${appPages.admin.path}`,
  };
}

const slotWhen = (ctx: ServiceContext, slot: VolunteerSlot, sheet: SignupSheet, language: string) =>
  slot.startTime
    ? formatWhen(
        { eventDate: sheet.eventDate, startTime: slot.startTime, endTime: slot.endTime, timeZone: ctx.config.timeZone },
        language,
      )
    : null;

/**
 * After the changes have committed: on a sheet whose organizer hears of each change, one email
 * (in the background, after the answer) to its `organizerEmail` saying who, which slot and the
 * spots left now. Nothing on other sheets, or when mail is not set up.
 */
export function notifyOrganizer(ctx: ServiceContext, sheet: NotifiedSheet, changes: readonly SignupChange[]): void {
  if (sheet.notifyOrganizer !== 'each' || changes.length === 0 || currentSender(ctx) === null) return;
  const sheetId = sheet.id;
  const list = [...changes];
  ctx.runtime.mail.inBackground('Organizer notification', () => sendNotice(ctx, sheetId, list), ctx, { sheetId });
}

async function sendNotice(ctx: ServiceContext, sheetId: number, changes: readonly SignupChange[]): Promise<void> {
  const sheet = ctx.db.select().from(signupSheets).where(eq(signupSheets.id, sheetId)).get();
  // A sheet deleted (or switched away from each) since says nothing more.
  if (!sheet || sheet.notifyOrganizer !== 'each') return;
  const slots = slotsById(ctx.db, slotIdsOf(changes));
  const i18n = organizerI18n(ctx.db, sheet);
  const lines = changes.flatMap((change): OrganizerChange[] => {
    const slot = slots.get(change.slotId);
    if (!slot) return [];
    return [
      {
        kind: change.kind,
        volunteerName: change.volunteerName,
        slotTitle: slot.title,
        when: slotWhen(ctx, slot, sheet, i18n.locale),
        fromSlotTitle: change.fromSlotId ? (slots.get(change.fromSlotId)?.title ?? null) : null,
        by: change.by ?? null,
        spotsLeft: change.spotsLeft ?? spotsLeft(slot),
        maxVolunteers: slot.maxVolunteers,
        itemSlot: slot.kind === 'item',
      },
    ];
  });
  if (lines.length === 0) return;
  const content = organizerNotice({
    i18n,
    schoolName: ctx.config.schoolName,
    sheetTitle: sheet.title,
    organizerName: sheet.organizerName,
    ...organizerLinks(ctx, sheet.id),
    timeZone: ctx.config.timeZone,
    changes: lines,
  });
  await sendMail(ctx, { to: sheet.organizerEmail, ...content }, { kind: 'notice' });
}

/**
 * One sheet's digest of `events`; then they go (also when the address's daily budget held the mail
 * back: a retry would only meet it again). True when it was sent.
 */
async function sendDigest(
  ctx: ServiceContext,
  sheet: SignupSheet,
  events: readonly SignupEvent[],
  before: Date,
): Promise<boolean> {
  const kinds = new Map(
    ctx.db
      .select({ title: volunteerSlots.title, kind: volunteerSlots.kind })
      .from(volunteerSlots)
      .where(eq(volunteerSlots.signupSheetId, sheet.id))
      .all()
      .map((slot) => [slot.title, slot.kind]),
  );
  const content = organizerDigest({
    i18n: organizerI18n(ctx.db, sheet),
    schoolName: ctx.config.schoolName,
    sheetTitle: sheet.title,
    organizerName: sheet.organizerName,
    ...organizerLinks(ctx, sheet.id),
    timeZone: ctx.config.timeZone,
    // The day before today's midnight: midday of it names it whatever the clocks did.
    day: new Date(before.getTime() - 12 * 3_600_000),
    changes: events.map((event) => ({
      kind: event.kind,
      volunteerName: event.volunteerName,
      slotTitle: event.slotTitle,
      when: null,
      fromSlotTitle: event.fromSlotTitle,
      spotsLeft: event.spotsLeft,
      itemSlot: kinds.get(event.slotTitle) === 'item',
      at: event.occurredAt,
    })),
  });
  const outcome = await sendMail(ctx, { to: sheet.organizerEmail, ...content }, { kind: 'notice' });
  ctx.db
    .delete(signupEvents)
    .where(
      inArray(
        signupEvents.id,
        events.map((e) => e.id),
      ),
    )
    .run();
  return outcome === 'sent';
}

/** The start of the school day `now` falls in (00:00 on SCHOOL_TIMEZONE's clock). */
function startOfSchoolDay(now: Date, timeZone: string): Date {
  const today = wallTime(now, timeZone);
  return instantAt({ year: today.year, month: today.month, day: today.day }, timeZone);
}

/**
 * The daily digests that are due (from 07:00 school time): to the organizer of each sheet set to
 * `daily` that had changes before today, one email listing them; then they go. Changes kept for a
 * sheet since switched to `each` or `off` go unreported. Returns how many digests were sent.
 */
export async function sendOrganizerDigests(ctx: ServiceContext, now: Date = ctx.runtime.now()): Promise<number> {
  const { timeZone } = ctx.config;
  if (wallTime(now, timeZone).hour < digestHour) return 0;
  const before = startOfSchoolDay(now, timeZone);
  const pending = ctx.db
    .select({ event: signupEvents, sheet: signupSheets })
    .from(signupEvents)
    .innerJoin(signupSheets, eq(signupSheets.id, signupEvents.signupSheetId))
    .where(lt(signupEvents.occurredAt, before))
    .orderBy(asc(signupEvents.signupSheetId), asc(signupEvents.occurredAt), asc(signupEvents.id))
    .all();
  if (pending.length === 0) return 0;
  // A sheet no longer on the daily digest: what was kept for it is not wanted.
  ctx.db
    .delete(signupEvents)
    .where(
      and(
        lt(signupEvents.occurredAt, before),
        inArray(
          signupEvents.signupSheetId,
          ctx.db.select({ id: signupSheets.id }).from(signupSheets).where(ne(signupSheets.notifyOrganizer, 'daily')),
        ),
      ),
    )
    .run();
  if (currentSender(ctx) === null) return 0;
  const bySheet = new Map<number, { sheet: SignupSheet; events: (typeof pending)[number]['event'][] }>();
  for (const { event, sheet } of pending) {
    if (sheet.notifyOrganizer !== 'daily') continue;
    const entry = bySheet.get(sheet.id) ?? { sheet, events: [] };
    entry.events.push(event);
    bySheet.set(sheet.id, entry);
  }
  let sent = 0;
  for (const { sheet, events } of bySheet.values()) {
    try {
      if (await sendDigest(ctx, sheet, events, before)) sent += 1;
    } catch (error) {
      // Kept for the next tick; the other sheets' digests still go.
      ctx.runtime.logger.error({ err: error, sheetId: sheet.id }, 'Organizer digest failed');
    }
  }
  return sent;
}
