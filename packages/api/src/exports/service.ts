import { type Db, signupSheets, volunteers, volunteerSlots } from '@pac/db';
import { answerText } from '@pac/validators';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { UserContext } from '../context';
import { logPrivacy } from '../lib/privacyLog';
import { sheetOwnerScope } from '../lib/access';
import { assertManagesSheetId } from '../lib/sheetAccess';
import { slotHours } from '../slots/service';
import { signupsWithEvent } from '../volunteers/history';
import { csvRow } from '../lib/csv';
import { localDate, localTime } from '../lib/schoolTime';

/**
 * The report's columns. Each instant comes twice: as ISO 8601 in UTC (exact, for programs) and,
 * beside it, as 'YYYY-MM-DD HH:mm' on the school's clock, which spreadsheets read as a date and time.
 */
export function volunteerCsvHeader(timeZone: string, questionColumns: readonly string[] = []): string[] {
  const local = (name: string) => `${name} (${timeZone})`;
  const base = [
    'Sheet',
    'Event Date',
    local('Event Date'),
    'Organizer',
    'Slot',
    'Start Time',
    local('Start Time'),
    'End Time',
    local('End Time'),
    'Hours',
    'Volunteer Name',
    'Email',
    'Phone',
    'Notes',
    'Email Consent',
    'Signed Up At',
    local('Signed Up At'),
    'Status',
    'Attended',
    'Quantity',
  ];
  // A question whose label is already a column's name gets its own column all the same.
  return [...base, ...questionColumns.map((label) => (base.includes(label) ? `${label} (answer)` : label))];
}

/** Which sheets a report covers: an owner's (else every sheet), narrowed to one sheet when named. */
export interface ReportScope {
  ownerId?: number | undefined;
  sheetId?: number | undefined;
}

function scopeWhere(scope: ReportScope): SQL | undefined {
  return and(
    scope.ownerId === undefined ? undefined : eq(signupSheets.ownerId, scope.ownerId),
    scope.sheetId === undefined ? undefined : eq(signupSheets.id, scope.sheetId),
  );
}

/**
 * The question columns of a report: one per question label over the sheets it covers, in event
 * order and each sheet's question order; a label several sheets ask shares its column.
 */
function questionColumns(db: Db, scope: ReportScope): string[] {
  const sheets = db
    .select({ questions: signupSheets.questions })
    .from(signupSheets)
    .where(scopeWhere(scope))
    .orderBy(asc(signupSheets.eventDate), asc(signupSheets.id))
    .all();
  return [...new Set(sheets.flatMap((sheet) => sheet.questions.map((q) => q.label)))];
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');

const batchSize = 1000;

/**
 * Starts the file so that spreadsheet programs (Excel above all) read it as UTF-8, and accented
 * and non-Latin names come through intact rather than as mojibake.
 */
const byteOrderMark = '\uFEFF';

/**
 * The volunteer report, one line at a time: a byte order mark and a header, then one row per
 * signup, ordered by event, slot and signup time. Rows are read in batches, so a large export
 * never sits in memory whole.
 */
export function* volunteerCsvLines(db: Db, timeZone: string, scope: ReportScope = {}): Generator<string> {
  const local = (d: Date | null) => (d ? `${localDate(d, timeZone)} ${localTime(d, timeZone)}` : '');
  const columns = questionColumns(db, scope);
  yield byteOrderMark + csvRow(volunteerCsvHeader(timeZone, columns));
  for (let offset = 0; ; offset += batchSize) {
    const batch = signupsWithEvent(db)
      .where(scopeWhere(scope))
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
    for (const { sheet, slot, volunteer } of batch) {
      yield csvRow([
        sheet.title,
        iso(sheet.eventDate),
        local(sheet.eventDate),
        sheet.organizerName,
        slot.title,
        iso(slot.startTime),
        local(slot.startTime),
        iso(slot.endTime),
        local(slot.endTime),
        slotHours(slot).toFixed(1),
        volunteer.name,
        volunteer.email,
        volunteer.phone,
        volunteer.notes,
        volunteer.emailConsent ? 'yes' : 'no',
        iso(volunteer.signupTime),
        local(volunteer.signupTime),
        volunteer.status,
        volunteer.attended === null ? '' : volunteer.attended ? 'yes' : 'no',
        String(volunteer.quantity),
        ...columns.map((label) => {
          const question = sheet.questions.find((q) => q.label === label);
          return question ? answerText(volunteer.answers[question.id]) : '';
        }),
      ]);
    }
    if (batch.length < batchSize) return;
  }
}

/**
 * The volunteer report: every sheet the caller runs as volunteer-data.csv, or with a sheet id that
 * sheet alone (NOT_FOUND for a missing sheet, FORBIDDEN for one the caller does not run) as
 * volunteer-data-{id}.csv, so that several sheets' downloads keep apart. `lines` is produced
 * lazily and is meant for the REST route, which streams it as the download (a generator does not
 * travel over the tRPC wire).
 */
export function volunteerReport(ctx: UserContext, sheetId?: number) {
  if (sheetId !== undefined) assertManagesSheetId(ctx.db, ctx.user, sheetId);
  // Contact details of many people leave the site: the privacy log says who took them, and when.
  logPrivacy(
    ctx.db,
    ctx.user,
    'volunteersCsv',
    sheetId === undefined ? 'Volunteer CSV of every sheet they run' : `Volunteer CSV of sheet ${sheetId}`,
    ctx.runtime.now(),
  );
  return {
    filename: sheetId === undefined ? 'volunteer-data.csv' : `volunteer-data-${sheetId}.csv`,
    contentType: 'text/csv; charset=utf-8',
    lines: volunteerCsvLines(ctx.db, ctx.config.timeZone, { ownerId: sheetOwnerScope(ctx.user), sheetId }),
  };
}
