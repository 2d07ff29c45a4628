import { type Db, signupSheets, volunteers, volunteerSlots } from '@pac/db';
import { asc, eq } from 'drizzle-orm';
import { slotHours } from './accounts';
import { csvRow } from './csv';

export const volunteerCsvHeader = [
  'Sheet',
  'Event Date',
  'Organizer',
  'Slot',
  'Start Time',
  'End Time',
  'Hours',
  'Volunteer Name',
  'Email',
  'Phone',
  'Notes',
  'Email Consent',
  'Signed Up At',
];

const iso = (d: Date | null) => (d ? d.toISOString() : '');

const batchSize = 1000;

/**
 * The volunteer report, one line at a time: a header, then one row per signup, ordered by event,
 * slot and signup time. Rows are read in batches, so a large export never sits in memory whole.
 */
export function* volunteerCsvLines(db: Db): Generator<string> {
  yield csvRow(volunteerCsvHeader);
  for (let offset = 0; ; offset += batchSize) {
    const batch = db
      .select({ sheet: signupSheets, slot: volunteerSlots, volunteer: volunteers })
      .from(volunteers)
      .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
      .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
      .orderBy(
        asc(signupSheets.eventDate),
        asc(signupSheets.id),
        asc(volunteerSlots.startTime),
        asc(volunteerSlots.id),
        asc(volunteers.signupTime),
        asc(volunteers.id),
      )
      .limit(batchSize)
      .offset(offset)
      .all();
    yield* batch.map(toLine);
    if (batch.length < batchSize) return;
  }
}

function toLine({
  sheet,
  slot,
  volunteer,
}: {
  sheet: typeof signupSheets.$inferSelect;
  slot: typeof volunteerSlots.$inferSelect;
  volunteer: typeof volunteers.$inferSelect;
}): string {
  return csvRow([
    sheet.title,
    iso(sheet.eventDate),
    sheet.organizerName,
    slot.title,
    iso(slot.startTime),
    iso(slot.endTime),
    slotHours(slot).toFixed(1),
    volunteer.name,
    volunteer.email,
    volunteer.phone,
    volunteer.notes,
    volunteer.emailConsent ? 'yes' : 'no',
    iso(volunteer.signupTime),
  ]);
}
