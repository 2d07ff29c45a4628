import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@pac/db';
import { loadEnv } from '../../src/env';
import type { Logger } from '../../src/log';
import { type RunningServer, startServer } from '../../src/main';

export const adminCredentials = { email: 'admin@example.org', password: 'admin-password-1' };

export interface TestServer extends RunningServer {
  dir: string;
  databasePath: string;
  /** Stops the server and removes its temporary files. */
  stop(): Promise<void>;
}

/** Starts the real server on a free port with a fresh SQLite file and a bootstrap admin. */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    staticDir?: string | null;
    dir?: string;
    /** The server's logger (see captureLog in ./log.ts); by default one from LOG_LEVEL on standard output. */
    logger?: Logger;
  } = {},
): Promise<TestServer> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'pac-server-'));
  const databasePath = join(dir, 'pac.sqlite');
  const env = loadEnv({
    PORT: '0',
    DATABASE_PATH: databasePath,
    UPLOAD_DIR: join(dir, 'uploads'),
    BACKUP_DIR: join(dir, 'backups'),
    ADMIN_EMAIL: adminCredentials.email,
    ADMIN_PASSWORD: adminCredentials.password,
    MONITOR_TICK_SECONDS: '0',
    REMINDER_TICK_SECONDS: '0',
    // Request lines would drown the test output; server errors still show.
    LOG_LEVEL: 'error',
    ...options.env,
  });
  const running = await startServer(env, options.staticDir ?? null, { logger: options.logger });
  return {
    ...running,
    dir,
    databasePath,
    stop: async () => {
      await running.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A tiny REST client that keeps its session cookie, like a browser would. */
export class ApiClient {
  cookie: string | null = null;

  constructor(
    readonly baseUrl: string,
    readonly extraHeaders: Record<string, string> = {},
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...this.extraHeaders,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      if (!pair) continue;
      this.cookie = pair.endsWith('=') ? null : pair;
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  patch<T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body ?? {}, headers);
  }
  delete<T = Record<string, unknown>>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  async login(email: string, password: string): Promise<{ id: number }> {
    const res = await this.post<{ id: number }>('/api/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
}

export const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

/**
 * Registers an account with `email` (signed in as it, its session kept by the client) and, unless
 * a member, gives it `role` as `admin` does; returns the client with the account's id.
 */
export async function registeredAccount(
  baseUrl: string,
  admin: ApiClient,
  email: string,
  role: 'organizer' | 'admin' | 'member',
): Promise<ApiClient & { id: number }> {
  const client = new ApiClient(baseUrl);
  const res = await client.post<{ id: number }>('/api/auth/register', {
    name: `Pat ${email.split('@')[0] ?? ''}`,
    email,
    password: 'secret-pass',
  });
  if (res.status !== 201) throw new Error(`register ${res.status} ${JSON.stringify(res.body)}`);
  if (role !== 'member') {
    const changed = await admin.patch(`/api/users/${res.body.id}`, { role });
    if (changed.status !== 200) throw new Error(`role ${changed.status} ${JSON.stringify(changed.body)}`);
  }
  return Object.assign(client, { id: res.body.id });
}

/** Creates a sheet with one slot of the given capacity as the admin; returns their ids. */
export async function createSheetWithSlot(
  admin: ApiClient,
  maxVolunteers: number,
  sheet: Partial<{ title: string; eventDate: string }> = {},
): Promise<{ sheetId: number; slotId: number }> {
  const created = await admin.post<{ id: number }>('/api/signup-sheets', {
    title: sheet.title ?? 'Spring Fair',
    description: 'Games and food',
    eventDate: sheet.eventDate ?? inDays(10),
    organizerName: 'Ann Lee',
    organizerEmail: 'ann@example.org',
  });
  if (created.status !== 201) throw new Error(`sheet: ${created.status} ${JSON.stringify(created.body)}`);
  const slot = await admin.post<{ id: number }>('/api/volunteer-slots', {
    signupSheetId: created.body.id,
    title: 'Bake sale table',
    maxVolunteers,
  });
  if (slot.status !== 201) throw new Error(`slot: ${slot.status} ${JSON.stringify(slot.body)}`);
  return { sheetId: created.body.id, slotId: slot.body.id };
}

/** Runs one read-only SQL query against the server's SQLite file through a second connection. */
export function queryOne<T>(databasePath: string, sql: string, ...params: unknown[]): T {
  const handle = openDatabase(databasePath);
  try {
    return handle.sqlite.prepare(sql).get(...params) as T;
  } finally {
    handle.close();
  }
}
