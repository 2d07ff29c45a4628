import { offsetAt, wallTimeAt } from '@pac/validators';
import { afterAll, describe, expect, it } from 'vitest';
import { anonymousCaller, createTestDb, testRuntime } from '../../test/db';

const testDb = createTestDb();
afterAll(() => testDb.cleanup());

describe('settings.schoolClock', () => {
  it("answers anyone with SCHOOL_TIMEZONE's offsets from this server's time-zone data", async () => {
    const clock = await anonymousCaller(testDb.db).settings.schoolClock();
    expect(clock.timeZone).toBe('America/Vancouver');
    // 23:00 UTC on 10 December 2026 is 4:00 PM: British Columbia is on UTC−7 for good from 2026.
    expect(wallTimeAt(clock, new Date('2026-12-10T23:00:00Z'))).toMatchObject({ month: 12, day: 10, hour: 16 });
    expect(offsetAt(clock, Date.UTC(2027, 0, 15))).toBe(-420);
  });

  it('is computed once per server and kept', async () => {
    const runtime = testRuntime(testDb.db);
    const first = await anonymousCaller(testDb.db, { runtime }).settings.schoolClock();
    expect(await anonymousCaller(testDb.db, { runtime }).settings.schoolClock()).toBe(first);
  });
});
