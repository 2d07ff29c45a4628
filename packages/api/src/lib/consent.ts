import { type ConsentSource, consentRecords, type Executor } from '@pac/db';

/** One change of a person's email consent (API.md "Privacy"). */
export interface ConsentChange {
  email: string;
  userId?: number | null;
  volunteerId?: number | null;
  consent: boolean;
  /** How: the signup form, their account, the unsubscribe link, an admin. */
  source: ConsentSource;
  at: Date;
}

/**
 * Records a change of email consent, in the caller's transaction (the one that makes the change),
 * so that the record and the change are kept or lost together. Every place that changes a
 * volunteer's or an account's `emailConsent` calls this; the person's export lists them.
 */
export function recordConsent(db: Executor, change: ConsentChange): void {
  db.insert(consentRecords)
    .values({
      email: change.email.trim().toLowerCase(),
      userId: change.userId ?? null,
      volunteerId: change.volunteerId ?? null,
      consent: change.consent,
      source: change.source,
      at: change.at,
    })
    .run();
}
