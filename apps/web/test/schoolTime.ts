import { instantAt, schoolClockOf } from '@pac/validators/page-data';

/**
 * The school's clock in the tests: America/Vancouver, while the tests themselves (the "browser")
 * run in Asia/Tokyo (vitest.config.ts), so that a date read on the browser's own clock shows up as
 * a wrong day or time. setup.ts sets it before every test file.
 */
export const testSchoolZone = 'America/Vancouver';
export const testSchoolClock = schoolClockOf(testSchoolZone);

/** Like `new Date(year, monthIndex, day, hours, minutes, seconds)`, but on the school's clock rather than the process's. */
export function schoolDate(year: number, monthIndex: number, day = 1, hours = 0, minutes = 0, seconds = 0): Date {
  const minute = instantAt(testSchoolClock, { year, month: monthIndex + 1, day, hour: hours, minute: minutes });
  return new Date(minute.getTime() + seconds * 1000);
}
