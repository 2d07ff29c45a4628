import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DbHandle, openDatabase } from '@pac/db';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureLog } from '../../test/support/log';
import { startTestServer, type TestServer } from '../../test/support/harness';
import { startRetentionLoop } from './retention';

/**
 * The nightly retention (API.md "Privacy": RETENTION_MONTHS) with a fake clock over a real server's
 * database and a real backup folder: at 01:00 school time, signups of sheets whose event is older
 * than the window are emptied, and backups older than it (nightly or pre-migration) deleted.
 */

let server: TestServer;
let handle: DbHandle;
beforeAll(async () => {
  server = await startTestServer({ env: { SCHOOL_TIMEZONE: 'America/Vancouver', RETENTION_MONTHS: '16' } });
  handle = openDatabase(server.databasePath);
});
afterAll(async () => {
  handle.close();
  await server.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A sheet with one slot and one signup, its event at `eventDate`; the signup's id. */
function signupOn(eventDate: Date, name: string): number {
  const db = handle.sqlite;
  const sheet = db
    .prepare(
      "INSERT INTO signup_sheets (title, event_date, organizer_name, organizer_email, created_at) VALUES (?, ?, 'Pat', 'pat@example.org', ?) RETURNING id",
    )
    .get(`${name}'s fair`, eventDate.getTime(), eventDate.getTime()) as { id: number };
  const slot = db
    .prepare(
      "INSERT INTO volunteer_slots (signup_sheet_id, title, max_volunteers, current_volunteers, start_time) VALUES (?, 'Setup', 3, 1, ?) RETURNING id",
    )
    .get(sheet.id, eventDate.getTime()) as { id: number };
  const volunteer = db
    .prepare(
      "INSERT INTO volunteers (slot_id, name, email, phone, notes, signup_time) VALUES (?, ?, ?, '604-555-0199', 'Brings cones', ?) RETURNING id",
    )
    .get(slot.id, name, `${name.toLowerCase()}@example.org`, eventDate.getTime()) as { id: number };
  return volunteer.id;
}

const nameOf = (id: number) =>
  (handle.sqlite.prepare('SELECT name FROM volunteers WHERE id = ?').get(id) as { name: string }).name;

describe('startRetentionLoop', () => {
  it('at 01:00 school time empties signups older than RETENTION_MONTHS and deletes backups older than it', async () => {
    const backupDir = join(server.dir, 'backups-retention');
    mkdirSync(backupDir, { recursive: true });
    const files = {
      oldNightly: 'pac-20280101-020000.sqlite', // older than 16 months before 2030-01-15: removed
      oldUploads: 'pac-20280101-020000.uploads',
      oldPreMigration: 'pac-pre-migration-20280301-000000.sqlite', // removed too
      recentPreMigration: 'pac-pre-migration-20290601-000000.sqlite', // 7 months: kept
      recentNightly: 'pac-20300114-020000.sqlite', // kept
      other: 'pac-notes.txt', // not ours: kept
    };
    for (const name of Object.values(files)) {
      if (name.endsWith('.uploads')) mkdirSync(join(backupDir, name));
      else writeFileSync(join(backupDir, name), 'x');
    }
    const old = signupOn(new Date('2028-08-20T17:00:00Z'), 'Olive');
    const recent = signupOn(new Date('2028-10-20T17:00:00Z'), 'Reed');

    const log = captureLog();
    // 00:30 in Vancouver, 07:30 UTC (BC keeps UTC-7 all year from November 2026).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: new Date('2030-01-15T07:30:00Z') });
    const services = { db: handle.db, config: server.config, runtime: server.runtime, logger: log.logger };
    const stop = startRetentionLoop(services, { backupDir });
    try {
      await vi.advanceTimersByTimeAsync(29 * 60 * 1000);
      expect(log.lines()).toEqual([]);
      expect(nameOf(old)).toBe('Olive');
      await vi.advanceTimersByTimeAsync(60 * 1000);
      await vi.waitFor(() => expect(log.lines()).toHaveLength(1));
      expect(log.lines()[0]).toMatchObject({
        loop: 'retention',
        signups: 1,
        backups: 3,
        msg: 'Retention: 1 signups older than 16 months emptied, 3 backups removed',
      });
      expect(nameOf(old)).toBe('Former volunteer');
      expect(nameOf(recent)).toBe('Reed');
      expect(readdirSync(backupDir).sort()).toEqual(
        [files.recentPreMigration, files.recentNightly, files.other].sort(),
      );

      // The next night, at 01:00 again (24 hours on), nothing else is old enough.
      await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
      await vi.waitFor(() => expect(log.lines()).toHaveLength(2));
      expect(log.lines()[1]).toMatchObject({ signups: 0, backups: 0 });
    } finally {
      stop();
    }
  });
});
