import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Db, probeWrites, writeFailure } from '@pac/db';

/**
 * The app's version, from the repository's root package.json: found by walking up from this
 * module, which sits at different depths when run from src/ and from the compiled dist/.
 */
export const appVersion: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'pac-hub') return pkg.version ?? 'unknown';
    } catch {
      // No package.json here: keep looking further up.
    }
    dir = dirname(dir);
  }
  return 'unknown';
})();

export interface Health {
  status: 'ok' | 'error';
  /**
   * 'read-only': the database answers but cannot be written (the disk full or read-only), from a
   * write that failed so until one commits again.
   */
  database: 'ok' | 'read-only' | 'error';
  version: string;
  uptimeSeconds: number;
  /** The school's zone in force (SCHOOL_TIMEZONE, or the server's when unset). */
  timeZone: string;
  /**
   * The runtime's time-zone data version (e.g. '2026c'): an old one gets a zone's new rules wrong,
   * such as British Columbia's permanent UTC-7 from 2026-11-01.
   */
  tzdata: string;
}

/**
 * GET /api/health for uptime monitors: whether the database answers a query and takes writes, and
 * the clock the server writes times on. No session, no personal data. Cheap while writes work:
 * one SELECT. After a write failed because the database cannot be written (@pac/db writes.ts), it
 * tries a write of its own each time (probeWrites: nothing of it stays), which tells when space
 * has come back even if nobody else writes; the first that commits, its own or anyone's, ends
 * 'read-only'.
 */
export function checkHealth(db: Db, startedAt: number, timeZone: string, now = Date.now()): Health {
  let database: Health['database'] = 'ok';
  try {
    db.$client.prepare('SELECT 1').get();
    if (writeFailure(db.$client) !== null && !probeWrites(db.$client)) database = 'read-only';
  } catch {
    database = 'error';
  }
  return {
    status: database === 'ok' ? 'ok' : 'error',
    database,
    version: appVersion,
    uptimeSeconds: Math.floor((now - startedAt) / 1000),
    timeZone,
    // Node built without ICU's zone data has no `tz`; say so rather than guess.
    tzdata: process.versions.tz ?? 'unknown',
  };
}
