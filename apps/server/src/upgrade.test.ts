import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationJournal } from '@pac/db';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureAdmin, fixtureMigration, fixtureSessionToken } from '../test/fixtures/make-pac-0004';
import { ApiClient, startTestServer, type TestServer } from '../test/support/harness';

// A database made by the schema as of 0004 (test/fixtures/make-pac-0004.ts), taken through every
// later migration by the real server, the way an upgrade does it.
const fixture = fileURLToPath(new URL('../test/fixtures/pac-0004.sqlite', import.meta.url));

function rowCounts(path: string): Record<string, number> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name <> '__drizzle_migrations'",
      )
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => [name, (db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}

function columns(path: string, table: string): string[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name);
  } finally {
    db.close();
  }
}

let dir: string;
let server: TestServer;
let before: Record<string, number>;
let after: Record<string, number>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pac-upgrade-'));
  copyFileSync(fixture, join(dir, 'pac.sqlite'));
  before = rowCounts(fixture);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  // No bootstrap admin: the fixture's own admin and password are what must survive.
  server = await startTestServer({ dir, env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '', SESSION_IDLE_DAYS: '3650' } });
  vi.restoreAllMocks();
  after = rowCounts(server.databasePath);
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('upgrading a database made at migration 0004', () => {
  it('is the schema it says, with rows in every table', () => {
    expect(migrationJournal().map((m) => m.tag)).toContain(fixtureMigration);
    expect(columns(fixture, 'users')).not.toContain('email_verified');
    for (const table of [
      'signup_sheets',
      'volunteer_slots',
      'volunteers',
      'users',
      'sessions',
      'settings',
      'monitors',
      'snapshots',
      'changes',
      'notifications',
      'reminder_deliveries',
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }
  });

  it('applies every later migration and keeps every row of every table', () => {
    expect(columns(server.databasePath, 'users')).toContain('email_verified');
    // 0012: every sheet made before tells its organizer of each change, as a new one does.
    const db0 = new Database(server.databasePath, { readonly: true });
    expect(db0.prepare('SELECT DISTINCT notify_organizer AS n FROM signup_sheets').all()).toEqual([{ n: 'each' }]);
    db0.close();
    // 0008 records what reminders went per sheet, from the deliveries already there: the fixture's one.
    expect(after).toEqual({
      ...before,
      auth_tokens: 0,
      sheet_reminder_sends: 1,
      mail_daily_counts: 0,
      mail_suppressions: 0,
      sheet_messages: 0,
      signup_events: 0,
      announcements: 0,
      consent_records: 0,
      privacy_log: 0,
    });
    const db = new Database(server.databasePath, { readonly: true });
    expect(db.prepare('SELECT * FROM sheet_reminder_sends').all()).toEqual([
      { signup_sheet_id: 1, reminder_type: 'week', last_sent_at: Date.parse('2026-11-21T18:00:00Z') },
    ]);
    db.close();
  });

  it('took a verified pre-migration backup of the old database first', () => {
    const backups = readdirSync(join(dir, 'backups')).filter((f) => /^pac-pre-migration-\d{8}-\d{6}\.sqlite$/.test(f));
    expect(backups).toHaveLength(1);
    const backup = join(dir, 'backups', backups[0] ?? '');
    expect(statSync(backup).mode & 0o777).toBe(0o600);
    expect(columns(backup, 'users')).not.toContain('email_verified');
    expect(rowCounts(backup)).toEqual(before);
    const db = new Database(backup, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

  it('lets the admin log in with the old password, verified by the migration; the parents are not', async () => {
    const admin = new ApiClient(server.url);
    await admin.login(fixtureAdmin.email, fixtureAdmin.password);
    const me = await admin.get<{ email: string; isAdmin: boolean; emailVerified: boolean }>('/api/auth/me');
    expect(me.body).toMatchObject({ email: fixtureAdmin.email, isAdmin: true, role: 'admin', emailVerified: true });
    const db = new Database(server.databasePath, { readonly: true });
    // The administrator flag became the admin role (0006); the parents are members.
    expect(db.prepare('SELECT email, email_verified AS v, role FROM users WHERE id > 1 ORDER BY id').all()).toEqual([
      { email: 'parent@example.org', v: 0, role: 'member' },
      { email: 'guardian@example.org', v: 0, role: 'member' },
    ]);
    db.close();
  });

  it('keeps a session signed in before the upgrade', async () => {
    const res = await new ApiClient(server.url, { Cookie: `pac_session=${fixtureSessionToken}` }).get<{
      email: string;
    }>('/api/auth/me');
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(fixtureAdmin.email);
  });

  it('serves the old sheets, slots and volunteers, monitors, changes, notifications and settings through the API', async () => {
    const admin = new ApiClient(server.url);
    await admin.login(fixtureAdmin.email, fixtureAdmin.password);

    type Slot = { title: string; currentVolunteers: number; maxVolunteers: number };
    const sheets = await admin.get<{ id: number; title: string; slots: Slot[] }[]>('/api/signup-sheets');
    expect(sheets.body.map((s) => [s.title, s.slots.length])).toEqual([
      ['Book Swap', 1],
      ['Spring Fair', 2],
    ]);
    const fair = await admin.get<{
      eventDate: string;
      slots: (Slot & { volunteers: { name: string; email: string; notes: string | null }[] })[];
    }>('/api/signup-sheets/1');
    expect(fair.status).toBe(200);
    expect(fair.body.eventDate).toBe('2027-05-15T17:00:00.000Z');
    expect(
      fair.body.slots.map((s) => [s.title, s.currentVolunteers, s.maxVolunteers, s.volunteers.map((v) => v.email)]),
    ).toEqual([
      ['Bake sale table', 2, 3, ['parent@example.org', 'sam@example.org']],
      ['Clean-up crew', 1, 4, ['guardian@example.org']],
    ]);
    expect(fair.body.slots[0]?.volunteers[0]?.notes).toBe('Gluten-free brownies');

    const monitors = await admin.get<{ name: string; status: string; selectors: string[] }[]>('/api/monitors');
    expect(monitors.body.map((m) => [m.name, m.status]).sort()).toEqual([
      ['District news', 'active'],
      ['School calendar', 'error'],
    ]);
    const changes = await admin.get<{ summary: string; severity: string }[]>('/api/changes');
    expect(changes.body.map((c) => c.summary)).toEqual([
      'News updated: Pro-D day on Friday',
      'First check of District news',
    ]);
    const notifications = await admin.get<unknown>('/api/monitoring/notifications');
    expect(notifications.status).toBe(200);
    expect(JSON.stringify(notifications.body)).toContain('Facebook is not connected');
    const snapshots = await admin.get<unknown>('/api/monitoring/snapshots');
    expect(JSON.stringify(snapshots.body)).toContain('Pro-D day on Friday');

    expect((await admin.get('/api/settings/adminEmail')).body).toEqual({
      key: 'adminEmail',
      value: 'pac-chair@example.org',
    });
    expect((await admin.get('/api/settings/senderEmail')).body).toEqual({
      key: 'senderEmail',
      value: 'pac.sender@example.org',
    });
    expect((await admin.get('/api/settings/senderPassword')).body).toEqual({ key: 'senderPassword', configured: true });
  });
});
