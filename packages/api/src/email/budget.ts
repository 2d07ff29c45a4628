import { createHash } from 'node:crypto';
import { type Db, type Executor, mailDailyCounts, mailSuppressions, unlessCannotWrite } from '@pac/db';
import { eq, lt, type Placeholder, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context';
import { mailbox } from '../lib/mailbox';
import { localDate } from '../lib/schoolTime';
import { RuntimeKey } from '../runtime';

/**
 * What an email is, for the limits every email of the product passes (sendMail):
 * - `requested`: a link the person asked for just now (verify an address, reset a password, the
 *   test email an admin sends themself). It always goes, and counts toward the day's budget.
 * - `reminder`: reminders and organizers' messages to a sheet's volunteers (messages/service.ts):
 *   never to a mailbox that unsubscribed.
 * - `notice`: everything else (confirmations, waitlist news, mail to the admin).
 */
export type MailKind = 'requested' | 'reminder' | 'notice';

/** Why a mail was not sent. */
/** Why a mail did not go: the mailbox unsubscribed, had its day's mails, or there is no address (an erased signup). */
export type MailRefusal = 'suppressed' | 'overBudget' | 'noAddress';

/** One of a mailbox's mails for today, taken before sending (reserveMail). */
export interface MailReservation {
  mailbox: string;
  day: string;
}

export type Reserved = ({ ok: true } & MailReservation) | { ok: false; reason: MailRefusal };

type BudgetContext = Pick<ServiceContext, 'config' | 'runtime'>;

/**
 * Today's count per mailbox. Taking is one synchronous step in this process, so parallel requests
 * cannot both take the last mail of a budget; the counts are also written to mail_daily_counts, so a
 * restart during the day starts from what was sent.
 */
class MailBudget {
  private day = '';
  private readonly counts = new Map<string, number>();

  constructor(private readonly db: Db) {}

  take(box: string, day: string, limit: number, always: boolean): boolean {
    if (day !== this.day) {
      this.day = day;
      this.counts.clear();
      // Yesterday's counts no longer limit anything; they go (the mailboxes with them). Housekeeping:
      // a disk that refuses it (full, read-only) leaves them for the next day's first mail.
      unlessCannotWrite(() => this.db.delete(mailDailyCounts).where(lt(mailDailyCounts.day, day)).run());
    }
    const sent =
      this.counts.get(box) ??
      this.db
        .select({ sent: mailDailyCounts.sent })
        .from(mailDailyCounts)
        .where(sql`${mailDailyCounts.mailbox} = ${box} and ${mailDailyCounts.day} = ${day}`)
        .get()?.sent ??
      0;
    if (sent >= limit && !always) return false;
    this.counts.set(box, sent + 1);
    return true;
  }
}

const budgetState = new RuntimeKey<MailBudget>('mail budget');
function suppressedQuery(db: Executor, box: string | Placeholder) {
  return db
    .select({ mailbox: mailSuppressions.mailbox })
    .from(mailSuppressions)
    .where(eq(mailSuppressions.mailbox, box));
}

// Built and compiled once per database: every signup that asks for reminders and every mail asks
// it, and building the query anew cost as much as a refused signup's whole procedure.
const suppressedStatement = new RuntimeKey<ReturnType<typeof prepareSuppressed>>('mail: suppressed mailbox');
function prepareSuppressed(db: Db) {
  return suppressedQuery(db, sql.placeholder('mailbox')).prepare();
}

/** Whether this address's mailbox unsubscribed (the signup and mail paths: a prepared statement). */
export function isSuppressed(ctx: Pick<ServiceContext, 'runtime'>, address: string): boolean {
  return ctx.runtime.state(suppressedStatement, prepareSuppressed).get({ mailbox: mailbox(address) }) !== undefined;
}

/** The same question inside reminder lists, which have the database but no runtime. */
export function isSuppressedIn(db: Executor, address: string): boolean {
  return suppressedQuery(db, mailbox(address)).get() !== undefined;
}

/** No more reminders or messages to this address's mailbox (the link in a reminder). */
export function suppress(db: Executor, address: string): void {
  db.insert(mailSuppressions)
    .values({ mailbox: mailbox(address) })
    .onConflictDoNothing()
    .run();
}

/** Reminders and messages may reach this mailbox again (only from a link mailed to it). */
export function liftSuppression(db: Executor, address: string): void {
  db.delete(mailSuppressions)
    .where(eq(mailSuppressions.mailbox, mailbox(address)))
    .run();
}

/**
 * What mail_daily_counts keys a mailbox's count by: the SHA-256 of the mailbox (lib/mailbox.ts), not
 * the address. A count outlives the person by up to a day (a mail sent in the background as they
 * erase their details counts after), and the file must not hold their address then (API.md
 * "Privacy"); the counts themselves go the day after.
 */
export function mailCountKey(address: string): string {
  return createHash('sha256').update(mailbox(address)).digest('hex');
}

/**
 * Takes one of today's MAIL_PER_ADDRESS_PER_DAY mails for `to` (the school's calendar day), or says
 * why it may not go: the mailbox unsubscribed (reminders only) or has had its day's budget (a
 * requested link goes regardless). sendMail does this itself; a caller that must know before
 * answering (a signup's `confirmationEmail`) reserves first and hands the reservation over.
 */
export function reserveMail(ctx: BudgetContext, to: string, kind: MailKind): Reserved {
  if (to.trim() === '') return { ok: false, reason: 'noAddress' };
  if (kind === 'reminder' && isSuppressed(ctx, to)) return { ok: false, reason: 'suppressed' };
  const box = mailCountKey(to);
  const day = localDate(ctx.runtime.now(), ctx.config.timeZone);
  const budget = ctx.runtime.state(budgetState, (d) => new MailBudget(d));
  if (!budget.take(box, day, ctx.config.mailPerAddressPerDay, kind === 'requested'))
    return { ok: false, reason: 'overBudget' };
  return { ok: true, mailbox: box, day };
}

/** Writes a sent mail into mail_daily_counts (what a restart starts from). */
export function recordSent(db: Executor, reservation: MailReservation): void {
  db.insert(mailDailyCounts)
    .values({ mailbox: reservation.mailbox, day: reservation.day, sent: 1 })
    .onConflictDoUpdate({
      target: [mailDailyCounts.mailbox, mailDailyCounts.day],
      set: { sent: sql`${mailDailyCounts.sent} + 1` },
    })
    .run();
}
