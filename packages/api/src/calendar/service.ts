import { type Executor, signupSheets, users, volunteers } from '@pac/db';
import { i18nFor } from '@pac/i18n/server';
import { type IcsEvent, representable, writeCalendar } from '@pac/notify';
import { TRPCError } from '@trpc/server';
import { asc, eq, sql } from 'drizzle-orm';
import type { ApiConfig } from '../config';
import type { Context, ServiceContext, UserContext } from '../context';
import { languageOf } from '../email/language';
import { getUser } from '../lib/accounts';
import { refuse } from '../lib/errors';
import { type LinkPurpose, signLink, verifyLink } from '../lib/links';
import { slotLocation } from '../lib/signupEmail';
import { listSheets, type SheetWithSlots } from '../sheets/service';
import { signupsWithEvent } from '../volunteers/history';

/**
 * The calendar feeds (API.md "Coordinator toolkit", Calendars): a public feed of upcoming sheets
 * with nothing personal in it, and each account's private feed of its own signups at a secret URL.
 * The secret is not stored: the URL carries the user's id and an HMAC over it and
 * users.calendarFeedVersion (lib/links.ts), so bumping the version retires every older URL.
 */

export const calendarMessages = {
  feedNotFound: /*i18n*/ 'Calendar feed not found',
} as const;

const hourMs = 3_600_000;
/** A sheet whose slots do not say when it ends lasts this long in the public feed. */
const sheetDefaultMs = 2 * hourMs;
/** A signup on a slot without an end (or without times at all) lasts this long in the private feed. */
const signupDefaultMs = hourMs;

function feedNotFound(): never {
  throw refuse('NOT_FOUND', calendarMessages.feedNotFound, { reason: 'feedNotFound' });
}

/** The host part of every UID: the school's own, so that UIDs are unique beyond this server. */
function uidHost(config: ApiConfig): string {
  return new URL(config.publicBaseUrl).hostname;
}

function sheetUrl(config: ApiConfig, sheetId: number): string {
  return `${config.publicBaseUrl}/signup-sheet/${sheetId}`;
}

const feedPurpose = (version: number): LinkPurpose => `calendarFeed.${version}`;

/** `<userId>.<signature>`: the secret part of a private feed's URL. */
function feedToken(ctx: ServiceContext, userId: number, version: number): string {
  return `${userId}.${signLink(ctx, feedPurpose(version), userId)}`;
}

function feedUrl(ctx: ServiceContext, userId: number, version: number): { url: string } {
  return { url: `${ctx.config.publicBaseUrl}/api/calendar/feed/${feedToken(ctx, userId, version)}.ics` };
}

/** The signed-in account's private feed URL. */
export function myFeed(ctx: UserContext): { url: string } {
  const user = getUser(ctx.db, ctx.user.id);
  return feedUrl(ctx, user.id, user.calendarFeedVersion);
}

/**
 * A new private feed URL for the signed-in account; the old one answers 404 from now on. The
 * version is the calendar's own column on the account row, so it is written here (and by a
 * password reset, which retires the URL too: auth/service.ts resetPassword).
 */
export function resetFeed(ctx: UserContext): { url: string } {
  const row = ctx.db
    .update(users)
    .set({ calendarFeedVersion: sql`${users.calendarFeedVersion} + 1` })
    .where(eq(users.id, ctx.user.id))
    .returning({ version: users.calendarFeedVersion })
    .get();
  if (!row) feedNotFound();
  return feedUrl(ctx, ctx.user.id, row.version);
}

const tokenPattern = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;

/** The account a feed token opens, or NOT_FOUND for anything we did not sign (or signed before a reset). */
function feedOwner(ctx: Context, token: string): number {
  const match = tokenPattern.exec(token);
  const userId = Number(match?.[1]);
  const signature = match?.[2];
  if (signature === undefined || !Number.isSafeInteger(userId)) feedNotFound();
  let version: number;
  try {
    version = getUser(ctx.db, userId).calendarFeedVersion;
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'NOT_FOUND') feedNotFound();
    throw error;
  }
  if (!verifyLink(ctx, feedPurpose(version), userId, signature)) feedNotFound();
  return userId;
}

/** When a sheet's event ends: its latest slot's end, or two hours after it starts. */
function sheetEnd(sheet: SheetWithSlots): Date {
  let latest = sheet.eventDate.getTime();
  for (const slot of sheet.slots) {
    const end = slot.endTime ?? slot.startTime;
    if (end && representable(end) && end.getTime() > latest) latest = end.getTime();
  }
  return new Date(latest > sheet.eventDate.getTime() ? latest : sheet.eventDate.getTime() + sheetDefaultMs);
}

/**
 * The public feed: every sheet whose event has not ended yet, soonest first, with its title,
 * description, times and organizer's name; no addresses, phone numbers or volunteers. Its name is
 * in the language of whoever fetches it.
 */
export function eventsFeed(ctx: Context): string {
  const { config } = ctx;
  const i18n = i18nFor(ctx.language);
  const now = ctx.runtime.now();
  const host = uidHost(config);
  const events: IcsEvent[] = [];
  for (const sheet of listSheets(ctx.db)) {
    const end = sheetEnd(sheet);
    if (end.getTime() <= now.getTime() || !representable(sheet.eventDate) || !representable(end)) continue;
    events.push({
      uid: `sheet-${sheet.id}@${host}`,
      start: sheet.eventDate,
      end,
      summary: sheet.title,
      description: sheet.description,
      location: sheet.location,
      contact: sheet.organizerName,
      url: sheetUrl(config, sheet.id),
      status: 'CONFIRMED',
    });
  }
  return writeCalendar({
    feed: {
      name: i18n._('{schoolName} volunteer events', { schoolName: config.schoolName }),
      description: i18n._('Upcoming events that need volunteers at {schoolName}', { schoolName: config.schoolName }),
    },
    stamp: now,
    events,
  });
}

/** An account's signups with their slot and sheet, soonest first. */
function signupsOf(db: Executor, userId: number) {
  return signupsWithEvent(db)
    .where(eq(volunteers.userId, userId))
    .orderBy(asc(signupSheets.eventDate), asc(volunteers.id))
    .all();
}

/**
 * A private feed: the account's own signups (a cancelled one is gone with its row). A confirmed
 * signup is CONFIRMED; a waitlisted one is TENTATIVE and says 'Waitlisted:' in its summary. A slot
 * without times is placed at its sheet's event date for one hour. In the account's language (else
 * the fetching request's).
 */
export function personalFeed(ctx: Context, token: string): string {
  const { config } = ctx;
  const userId = feedOwner(ctx, token);
  const i18n = i18nFor(languageOf(getUser(ctx.db, userId).language, ctx.language));
  const host = uidHost(config);
  const events: IcsEvent[] = [];
  for (const { volunteer, slot, sheet } of signupsOf(ctx.db, userId)) {
    const start = slot.startTime ?? sheet.eventDate;
    const end =
      slot.endTime && slot.endTime.getTime() > start.getTime()
        ? slot.endTime
        : new Date(start.getTime() + signupDefaultMs);
    if (!representable(start) || !representable(end)) continue;
    const waitlisted = volunteer.status === 'waitlisted';
    events.push({
      uid: `signup-${volunteer.id}@${host}`,
      start,
      end,
      summary: waitlisted
        ? i18n._('Waitlisted: {sheetTitle}: {slotTitle}', { sheetTitle: sheet.title, slotTitle: slot.title })
        : i18n._(
            '{sheetTitle}: {slotTitle}',
            { sheetTitle: sheet.title, slotTitle: slot.title },
            { comment: "A calendar event's title: the event, then the volunteer slot" },
          ),
      description: [slot.description, sheet.description].filter(Boolean).join('\n\n') || null,
      location: slotLocation(slot, sheet),
      organizer: { name: sheet.organizerName, email: sheet.organizerEmail },
      url: sheetUrl(config, sheet.id),
      status: waitlisted ? 'TENTATIVE' : 'CONFIRMED',
    });
  }
  events.sort((a, b) => a.start.getTime() - b.start.getTime());
  return writeCalendar({
    feed: { name: i18n._('{schoolName}: my volunteer shifts', { schoolName: config.schoolName }) },
    stamp: ctx.runtime.now(),
    events,
  });
}
