import {
  consentRecords,
  type Executor,
  mailDailyCounts,
  mailSuppressions,
  signupEvents,
  users,
  volunteerSlots,
  volunteers,
} from '@pac/db';
import { privacyMessages } from '@pac/validators';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { mailCountKey } from '../email/budget';
import { mailbox } from '../lib/mailbox';

/**
 * Erasing a person (API.md "Privacy"): their signups stay, counted, as 'Former volunteer' with no
 * email, phone, notes or answers, and with no account; what else names them goes (their consent
 * records; their place on the suppression list and the day's mail counts once nothing of theirs is
 * left). The database runs with secure_delete, so what was overwritten is zeroed in its pages too.
 */

/** A sheet's daily digest not sent yet names them: 'Former volunteer' instead. */
export function forgetDigestName(tx: Executor, sheetId: number, name: string): void {
  tx.update(signupEvents)
    .set({ volunteerName: privacyMessages.formerVolunteer })
    .where(and(eq(signupEvents.signupSheetId, sheetId), eq(signupEvents.volunteerName, name)))
    .run();
}

/**
 * Empties the signups `ids` of their person, in the caller's transaction. Returns how many were
 * erased (those already erased are not counted again).
 */
export function eraseSignups(tx: Executor, ids: readonly number[], now: Date): number {
  if (ids.length === 0) return 0;
  const rows = tx
    .select({
      id: volunteers.id,
      name: volunteers.name,
      email: volunteers.email,
      sheetId: volunteerSlots.signupSheetId,
    })
    .from(volunteers)
    .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
    .where(and(inArray(volunteers.id, [...ids]), isNull(volunteers.erasedAt)))
    .all();
  if (rows.length === 0) return 0;
  const erased = rows.map((r) => r.id);
  tx.update(volunteers)
    .set({
      name: privacyMessages.formerVolunteer,
      email: '',
      phone: '',
      notes: null,
      answers: {},
      emailConsent: false,
      userId: null,
      erasedAt: now,
    })
    .where(inArray(volunteers.id, erased))
    .run();
  for (const row of rows) forgetDigestName(tx, row.sheetId, row.name);
  tx.delete(consentRecords).where(inArray(consentRecords.volunteerId, erased)).run();
  forgetMailboxes(
    tx,
    rows.map((r) => r.email),
  );
  return erased.length;
}

/**
 * The address-keyed traces of `emails` (consent records, the suppression list, the day's mail
 * counts) for each mailbox nothing else still holds.
 */
export function forgetMailboxes(tx: Executor, emails: readonly string[]): void {
  const boxes = new Set(emails.filter((e) => e !== '').map(mailbox));
  if (boxes.size === 0) return;
  // What is not erased still holds its mailbox: a signup or an account (read once, however many go).
  const held = new Set(
    [
      ...tx.select({ email: volunteers.email }).from(volunteers).where(isNull(volunteers.erasedAt)).all(),
      ...tx.select({ email: users.email }).from(users).all(),
    ].map((r) => mailbox(r.email)),
  );
  const gone = [...boxes].filter((box) => !held.has(box));
  if (gone.length === 0) return;
  const goneSet = new Set(gone);
  const spellings = [
    ...new Set(
      tx
        .select({ email: consentRecords.email })
        .from(consentRecords)
        .all()
        .map((r) => r.email)
        .filter((e) => goneSet.has(mailbox(e))),
    ),
  ];
  if (spellings.length > 0) tx.delete(consentRecords).where(inArray(consentRecords.email, spellings)).run();
  tx.delete(mailSuppressions).where(inArray(mailSuppressions.mailbox, gone)).run();
  tx.delete(mailDailyCounts)
    .where(inArray(mailDailyCounts.mailbox, gone.map(mailCountKey)))
    .run();
}

/**
 * Pushes what the erasure overwrote out of the write-ahead log into the database file (whose pages
 * secure_delete zeroed), and empties the log, when no reader holds it; otherwise the next
 * checkpoint does it.
 */
export function checkpointAfterErasure(db: Executor & { $client?: { pragma(sql: string): unknown } }): void {
  try {
    db.$client?.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // A busy database checkpoints later by itself.
  }
}
