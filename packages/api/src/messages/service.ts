import {
  type Executor,
  type SheetMessage,
  sheetMessages,
  type SignupSheet,
  volunteers,
  type VolunteerSlot,
  volunteerSlots,
  type VolunteerStatus,
} from '@pac/db';
import {
  maxSheetMessagesPerDay,
  type sheetMessageAudienceSchema,
  sheetMessageMessages,
  type sheetMessageSchema,
} from '@pac/validators';
import { volunteerMessage } from '@pac/notify';
import { and, asc, count, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceContext, UserContext } from '../context';
import { isSuppressed } from '../email/budget';
import { volunteerI18n } from '../email/language';
import { assertMailConfigured, type MailOutcome, sendMail } from '../email/service';
import { refuse } from '../lib/errors';
import { mailbox } from '../lib/mailbox';
import { instantAt, wallTime } from '../lib/schoolTime';
import { assertManagesSheetId } from '../lib/sheetAccess';
import { type SignupWithEvent, unsubscribeHeaders, volunteerLinks } from '../lib/signupEmail';
import { getSheet } from '../sheets/service';

/**
 * Messages an organizer sends to the volunteers of a sheet they run, or of one of its slots (API.md
 * "An organizer's season"): each mailbox gets its own copy, addressed to it alone, whose replies
 * reach the organizer; a mailbox that unsubscribed gets none (it is not counted); a sheet sends at
 * most `maxSheetMessagesPerDay` a school day; and every message sent stays in the sheet's log.
 */

type Audience = z.output<typeof sheetMessageAudienceSchema>;
type MessageInput = z.output<typeof sheetMessageSchema>;

/** One copy of a message: the mailbox's address and every signup of the audience it holds. */
interface MessageCopy {
  to: string;
  signups: SignupWithEvent[];
}

/** Who a message reaches: the slot it went to (null: the whole sheet) and one copy per mailbox. */
interface Recipients {
  sheet: SignupSheet;
  slot: VolunteerSlot | null;
  copies: MessageCopy[];
}

/** A message in the sheet's log, as the composer lists it. */
export interface SheetMessageEntry {
  id: number;
  sentAt: Date;
  sentByName: string;
  subject: string;
  body: string;
  slotId: number | null;
  slotTitle: string | null;
  includeWaitlisted: boolean;
  recipients: number;
}

/** The slot a message is limited to, which must be on this sheet (400 with the field 'slotId' otherwise). */
function slotOfSheet(ctx: ServiceContext, sheetId: number, slotId: number | null | undefined): VolunteerSlot | null {
  if (slotId === null || slotId === undefined) return null;
  const slot = ctx.db
    .select()
    .from(volunteerSlots)
    .where(and(eq(volunteerSlots.id, slotId), eq(volunteerSlots.signupSheetId, sheetId)))
    .get();
  if (!slot)
    throw refuse('BAD_REQUEST', sheetMessageMessages.slotNotOnSheet, { reason: 'slotNotOnSheet', field: 'slotId' });
  return slot;
}

/**
 * The audience of a message on a sheet the caller runs: its confirmed volunteers (with the
 * waitlisted ones when asked), of the whole sheet or of one slot, one copy per mailbox (a parent on
 * three slots, or signed up as Casey+pta@ and casey@, gets one), leaving out the mailboxes that
 * unsubscribed. In the sheet's slot order, then signup order.
 */
function recipientsOf(ctx: UserContext, audience: Audience): Recipients {
  assertManagesSheetId(ctx.db, ctx.user, audience.signupSheetId);
  const sheet = getSheet(ctx, audience.signupSheetId);
  const slot = slotOfSheet(ctx, sheet.id, audience.slotId);
  const statuses: VolunteerStatus[] = audience.includeWaitlisted ? ['confirmed', 'waitlisted'] : ['confirmed'];
  const rows = ctx.db
    .select({ volunteer: volunteers, slot: volunteerSlots })
    .from(volunteers)
    .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
    .where(
      and(
        eq(volunteerSlots.signupSheetId, sheet.id),
        slot ? eq(volunteerSlots.id, slot.id) : undefined,
        inArray(volunteers.status, statuses),
      ),
    )
    .orderBy(asc(volunteerSlots.startTime), asc(volunteerSlots.id), asc(volunteers.signupTime), asc(volunteers.id))
    .all();
  const byMailbox = new Map<string, MessageCopy>();
  for (const row of rows) {
    // An erased signup ('Former volunteer') has no address to write to.
    if (row.volunteer.email === '') continue;
    const box = mailbox(row.volunteer.email);
    const signup: SignupWithEvent = { volunteer: row.volunteer, slot: row.slot, sheet };
    const copy = byMailbox.get(box);
    if (copy) copy.signups.push(signup);
    else byMailbox.set(box, { to: row.volunteer.email, signups: [signup] });
  }
  const copies = [...byMailbox.values()].filter((copy) => !isSuppressed(ctx, copy.to));
  return { sheet, slot, copies };
}

/** Today on the school's clock (SCHOOL_TIMEZONE): its first instant, and the first of tomorrow. */
function schoolDay(ctx: ServiceContext): { start: Date; end: Date } {
  const { timeZone } = ctx.config;
  const today = wallTime(ctx.runtime.now(), timeZone);
  return {
    start: instantAt({ year: today.year, month: today.month, day: today.day }, timeZone),
    end: instantAt({ year: today.year, month: today.month, day: today.day + 1 }, timeZone),
  };
}

/** How many messages a sheet has sent today (school time), read in the caller's transaction or not. */
function sentToday(ctx: ServiceContext, db: Executor, sheetId: number): number {
  const { start, end } = schoolDay(ctx);
  const row = db
    .select({ sent: count() })
    .from(sheetMessages)
    .where(
      and(eq(sheetMessages.signupSheetId, sheetId), gte(sheetMessages.sentAt, start), lt(sheetMessages.sentAt, end)),
    )
    .get();
  return row?.sent ?? 0;
}

/**
 * The composer's preview: how many copies a message to this audience would send now (the
 * unsubscribed left out), and how many messages the sheet may still send today.
 */
export function countRecipients(
  ctx: UserContext,
  audience: Audience,
): { recipients: number; messagesLeftToday: number } {
  const { sheet, copies } = recipientsOf(ctx, audience);
  return {
    recipients: copies.length,
    messagesLeftToday: Math.max(0, maxSheetMessagesPerDay - sentToday(ctx, ctx.db, sheet.id)),
  };
}

/**
 * Sends a message to the audience: refused without a mail sender (400), to a slot of another
 * sheet (400), and past the sheet's messages for today (429, nothing logged).
 * The day's count and the log row are one transaction, so that parallel sends cannot pass the
 * limit together; once it has committed, each copy goes out in the background, to its mailbox
 * alone, Reply-To the sheet's organizer. Answers how many copies are being sent.
 */
export function sendMessage(ctx: UserContext, input: MessageInput): { recipients: number } {
  const { sheet, slot, copies } = recipientsOf(ctx, input);
  assertMailConfigured(ctx);
  const logged = ctx.db.transaction((tx) => {
    if (sentToday(ctx, tx, sheet.id) >= maxSheetMessagesPerDay)
      throw refuse(
        'TOO_MANY_REQUESTS',
        {
          id: /*i18n*/ 'This sheet has had its {count} messages for today. You can send more tomorrow.',
          values: { count: maxSheetMessagesPerDay },
        },
        { reason: 'tooManyMessages' },
      );
    return tx
      .insert(sheetMessages)
      .values({
        signupSheetId: sheet.id,
        slotId: slot?.id ?? null,
        slotTitle: slot?.title ?? null,
        sentById: ctx.user.id,
        sentByName: ctx.user.name,
        subject: input.subject,
        body: input.body,
        includeWaitlisted: input.includeWaitlisted,
        recipients: copies.length,
        sentAt: ctx.runtime.now(),
      })
      .returning()
      .get();
  });
  for (const copy of copies) {
    ctx.runtime.mail.inBackground(
      'Sheet message email',
      () => sendMessageCopy(ctx, logged, slot, copy).then(() => undefined),
      ctx,
      { sheetMessageId: logged.id, volunteerId: copy.signups[0]?.volunteer.id },
    );
  }
  return { recipients: copies.length };
}

/**
 * One copy: to its mailbox only, Reply-To the organizer, as a `reminder` (never to a mailbox that
 * unsubscribed meanwhile, and within the address's daily budget), with the List-Unsubscribe
 * headers and the volunteer's own links.
 */
async function sendMessageCopy(
  ctx: ServiceContext,
  message: SheetMessage,
  slot: VolunteerSlot | null,
  copy: MessageCopy,
): Promise<MailOutcome> {
  const [first] = copy.signups;
  if (!first) return 'suppressed';
  const { sheet } = first;
  const links = volunteerLinks(ctx, first.volunteer, sheet);
  const content = volunteerMessage({
    // The language the mailbox's first signup was made in.
    i18n: volunteerI18n(first.volunteer),
    schoolName: ctx.config.schoolName,
    subject: message.subject,
    body: message.body,
    organizerName: sheet.organizerName,
    sheetTitle: sheet.title,
    eventDate: sheet.eventDate,
    slot: slot ? { title: slot.title, startTime: slot.startTime, endTime: slot.endTime } : null,
    sheetUrl: links.sheetUrl,
    signups: copy.signups.map((s) => ({
      slotTitle: s.slot.title,
      manageUrl: s === first ? links.manageUrl : volunteerLinks(ctx, s.volunteer, sheet).manageUrl,
    })),
    unsubscribeUrl: links.unsubscribeUrl,
    timeZone: ctx.config.timeZone,
  });
  return sendMail(
    ctx,
    { to: copy.to, replyTo: sheet.organizerEmail, ...content, headers: unsubscribeHeaders(links) },
    { kind: 'reminder' },
  );
}

/** The messages sent on a sheet the caller runs, newest first. */
export function listMessages(ctx: UserContext, signupSheetId: number): SheetMessageEntry[] {
  assertManagesSheetId(ctx.db, ctx.user, signupSheetId);
  return ctx.db
    .select({
      id: sheetMessages.id,
      sentAt: sheetMessages.sentAt,
      sentByName: sheetMessages.sentByName,
      subject: sheetMessages.subject,
      body: sheetMessages.body,
      slotId: sheetMessages.slotId,
      slotTitle: sheetMessages.slotTitle,
      includeWaitlisted: sheetMessages.includeWaitlisted,
      recipients: sheetMessages.recipients,
    })
    .from(sheetMessages)
    .where(eq(sheetMessages.signupSheetId, signupSheetId))
    .orderBy(desc(sheetMessages.sentAt), desc(sheetMessages.id))
    .all();
}
