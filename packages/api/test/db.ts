/**
 * Test helpers for procedure tests: a real, migrated SQLite file in a temporary folder, users
 * made directly or through auth.register, and callers for anonymous / user / admin contexts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, type DbHandle, migrate, openDatabase, type UserRole, users } from '@pac/db';
import { eq } from 'drizzle-orm';
import type { ApiConfig } from '../src/config';
import { createContextInner, type SessionCookieWriter, type SessionUser } from '../src/context';
import { createCaller } from '../src/root';
import { toSessionUser } from '../src/lib/accounts';
import { hashPassword } from '../src/lib/passwords';
import { createRuntime, type Runtime } from '../src/runtime';
import type { Logger } from '../src/log';
import { RecordingLogger } from './log';

export const testConfig: ApiConfig = {
  sessionIdleDays: 30,
  loginMaxFailures: 5,
  signupRateLimit: 100,
  mailPerAddressPerDay: 20,
  retentionMonths: 16,
  uploadDir: join(tmpdir(), 'pac-api-uploads-unused'),
  publicBaseUrl: 'http://localhost:3000',
  schoolName: 'Test School PAC',
  timeZone: 'America/Vancouver',
  mail: { host: '127.0.0.1', port: 2525, secure: false },
  monitor: {
    domain: 'example-district.org',
    slug: 'school',
    schoolMonitors: [],
    concurrency: 4,
    timeoutMs: 5000,
    maxBytes: 5 * 1024 * 1024,
    allowPrivateAddresses: false,
    resolve: new Map(),
    snapshotRetention: 100,
    hostSpacingMs: 0,
    errorThreshold: 3,
  },
  social: { graphBaseUrl: 'http://127.0.0.1:9/graph' },
};

export interface TestDb {
  db: Db;
  handle: DbHandle;
  dir: string;
  path: string;
  /** Closes the database and removes its folder. */
  cleanup(): void;
}

/** A fresh SQLite file under the OS temp folder, migrated to the current schema. */
export function createTestDb(): TestDb {
  const dir = mkdtempSync(join(tmpdir(), 'pac-api-'));
  const path = join(dir, 'pac.sqlite');
  const handle = openDatabase(path);
  migrate(handle.db);
  return {
    db: handle.db,
    handle,
    dir,
    path,
    cleanup: () => {
      handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A SessionCookieWriter that remembers what the procedures asked of it. */
export class RecordingCookies implements SessionCookieWriter {
  readonly sets: { token: string; maxAgeSeconds: number }[] = [];
  clears = 0;
  set(token: string, maxAgeSeconds: number): void {
    this.sets.push({ token, maxAgeSeconds });
  }
  clear(): void {
    this.clears += 1;
  }
}

export type Caller = ReturnType<typeof createCaller>;

/**
 * A Runtime for a test database, as the server builds one at start-up (mail, monitor runner,
 * limits, logger, clock). Tests that share one pass it to each caller; otherwise every caller gets
 * its own, so that one test's failed logins or signups do not count against another's. Its logger
 * records the lines (a test that reads them passes its own RecordingLogger).
 */
export function testRuntime(
  db: Db,
  config: ApiConfig = testConfig,
  options: { now?: () => Date; logger?: Logger } = {},
): Runtime {
  return createRuntime(db, config, { ...options, logger: options.logger ?? new RecordingLogger() });
}

export interface CallerOptions {
  sessionId?: number | null;
  claimedUserId?: string | null;
  cookies?: SessionCookieWriter;
  clientAddress?: string | null;
  runtime?: Runtime;
}

/** A caller whose context has this session user (null: anonymous). */
export function callerFor(db: Db, user: SessionUser | null, opts: CallerOptions = {}): Caller {
  const { runtime = testRuntime(db), ...rest } = opts;
  return createCaller(createContextInner({ db, config: testConfig, runtime, user, ...rest }));
}

export function anonymousCaller(db: Db, opts: CallerOptions = {}): Caller {
  return callerFor(db, null, opts);
}

let counter = 0;
/** An email address no other test in the process uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${process.pid}@example.org`;
}

/** The users row as a session user (no passwordHash), or throws when there is none. */
export function sessionUserFromDb(db: Db, id: number): SessionUser {
  const row = db.select().from(users).where(eq(users.id, id)).get();
  if (!row) throw new Error(`No users row with id ${id}`);
  return toSessionUser(row);
}

export interface NewUser {
  email?: string;
  name?: string;
  password?: string;
  phone?: string | null;
  isAdmin?: boolean;
  /** Wins over isAdmin. */
  role?: UserRole;
  /** Defaults to true for admins (as ensureAdmin makes them), false otherwise. */
  emailVerified?: boolean;
}

export const defaultPassword = 'correct-horse';

/** Inserts a users row directly (bypassing auth.register) and returns it as a session user. */
export async function insertUser(db: Db, input: NewUser = {}): Promise<SessionUser> {
  const row = db
    .insert(users)
    .values({
      email: input.email ?? uniqueEmail(input.isAdmin ? 'admin' : 'user'),
      name: input.name ?? (input.isAdmin ? 'Ada Admin' : 'Uma User'),
      phone: input.phone ?? null,
      passwordHash: await hashPassword(input.password ?? defaultPassword),
      role: input.role ?? (input.isAdmin ? 'admin' : 'member'),
      emailVerified: input.emailVerified ?? input.isAdmin ?? false,
    })
    .returning()
    .get();
  return toSessionUser(row);
}

export function insertAdmin(db: Db, input: Omit<NewUser, 'isAdmin'> = {}): Promise<SessionUser> {
  return insertUser(db, { ...input, isAdmin: true });
}

/** Registers a plain user through auth.register as an anonymous caller; returns the user and cookie token. */
export async function registerUser(
  db: Db,
  input: { email?: string; name?: string; password?: string; phone?: string } = {},
): Promise<{ user: SessionUser; token: string }> {
  const cookies = new RecordingCookies();
  const user = await anonymousCaller(db, { cookies }).auth.register({
    name: input.name ?? 'Rita Registered',
    email: input.email ?? uniqueEmail('registered'),
    password: input.password ?? defaultPassword,
    phone: input.phone,
  });
  const token = cookies.sets[0]?.token;
  if (token === undefined) throw new Error('auth.register did not hand a session token to the cookie writer');
  return { user, token };
}

/** A valid sheets.create input; eventDate defaults to a fixed future instant. */
export function sheetInput(overrides: { title?: string; eventDate?: Date; description?: string } = {}) {
  return {
    title: overrides.title ?? 'Spring Fair',
    description: overrides.description ?? 'Games, food and music',
    eventDate: overrides.eventDate ?? new Date('2030-05-01T17:00:00.000Z'),
    organizerName: 'Pat Organizer',
    organizerEmail: 'pat@example.org',
  };
}

/** Reads a whole table through SQL, for before/after comparisons. */
export function allRows(
  t: TestDb,
  table: 'signup_sheets' | 'volunteer_slots' | 'volunteers' | 'users' | 'sessions',
): unknown[] {
  return t.handle.sqlite.prepare(`SELECT * FROM ${table} ORDER BY id`).all();
}

/** Slots whose currentVolunteers differs from their number of confirmed volunteers rows (should be none). */
export function countMismatches(t: TestDb): { id: number; current: number; counted: number }[] {
  return t.handle.sqlite
    .prepare(
      `SELECT s.id AS id, s.current_volunteers AS current,
              (SELECT coalesce(sum(v.quantity), 0) FROM volunteers v WHERE v.slot_id = s.id AND v.status = 'confirmed') AS counted
         FROM volunteer_slots s
        WHERE s.current_volunteers <>
              (SELECT coalesce(sum(v.quantity), 0) FROM volunteers v WHERE v.slot_id = s.id AND v.status = 'confirmed')`,
    )
    .all() as { id: number; current: number; counted: number }[];
}
