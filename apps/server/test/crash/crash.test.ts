import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, createSheetWithSlot, queryOne } from '../support/harness';
import { openDatabase } from '@pac/db';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pac-crash-'));
const databasePath = join(dir, 'pac.sqlite');
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts the real server as its own process and resolves with its URL. Node itself runs it (with
 * tsx's loader), not the tsx command, so that SIGKILL hits the server and not a wrapper around it.
 */
function startServerProcess(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: '0',
      DATABASE_PATH: databasePath,
      UPLOAD_DIR: join(dir, 'uploads'),
      ADMIN_EMAIL: adminCredentials.email,
      ADMIN_PASSWORD: adminCredentials.password,
      MONITOR_TICK_SECONDS: '0',
      REMINDER_TICK_SECONDS: '0',
      // The signup load comes from one address.
      SIGNUP_RATE_LIMIT: '1000000',
      // Nothing reads the child's output after start-up: a line per request would fill the pipe.
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/[^\s"]+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${String(code)}: ${out}`)));
  });
}

describe('kill -9 in the middle of a signup load', () => {
  it('keeps every signup that was answered 201, never overfills a slot, and leaves a sound database', async () => {
    const first = await startServerProcess();
    const admin = new ApiClient(first.url);
    await admin.login(adminCredentials.email, adminCredentials.password);
    const slots: number[] = [];
    for (let i = 0; i < 6; i += 1) slots.push((await createSheetWithSlot(admin, 15 + i)).slotId);

    const confirmed: { id: number; email: string; slotId: number }[] = [];
    let stop = false;
    let sent = 0;
    const worker = async (w: number) => {
      const client = new ApiClient(first.url);
      while (!stop) {
        const n = sent++;
        const slotId = slots[n % slots.length] ?? 0;
        const email = `crash-${w}-${n}@example.org`;
        try {
          const res = await client.post<{ id: number }>('/api/volunteers', {
            slotId,
            name: `Crash ${n}`,
            email,
            phone: '1',
          });
          if (res.status === 201) confirmed.push({ id: res.body.id, email, slotId });
        } catch {
          // The connection died with the server: this signup was never confirmed.
        }
      }
    };
    const load = Promise.all(Array.from({ length: 24 }, (_, w) => worker(w)));
    // Kill once the load is well under way (some slots filling, others still open).
    while (confirmed.length < 40) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    stop = true;
    await load;
    expect(confirmed.length).toBeGreaterThanOrEqual(40);

    const second = await startServerProcess();
    const after = new ApiClient(second.url);
    const me = await after.post('/api/auth/login', adminCredentials);
    expect(me.status).toBe(200);

    const handle = openDatabase(databasePath);
    try {
      const byId = handle.sqlite.prepare('SELECT id, email, slot_id AS slotId FROM volunteers WHERE id = ?');
      for (const c of confirmed) expect(byId.get(c.id)).toEqual(c);
      const overfilled = handle.sqlite
        .prepare(
          `SELECT s.id FROM volunteer_slots s
           WHERE s.current_volunteers > s.max_volunteers
              OR s.current_volunteers <> (SELECT count(*) FROM volunteers v WHERE v.slot_id = s.id)`,
        )
        .all();
      expect(overfilled).toEqual([]);
      expect(handle.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(handle.sqlite.pragma('foreign_key_check')).toEqual([]);
    } finally {
      handle.close();
    }
    const total = queryOne<{ n: number }>(databasePath, 'SELECT count(*) AS n FROM volunteers');
    expect(total.n).toBeGreaterThanOrEqual(confirmed.length);
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
    // Two server starts and a signup load: a safety net for a busy 2-core machine, not a speed check.
  }, 60_000);
});
