import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { admin } from './api';

/** The server's settings for a benchmark: a fresh database under `dir`, no timers, a bootstrap admin. */
export function appEnv(dir: string, extra: Record<string, string> = {}): Record<string, string> {
  mkdirSync(dir, { recursive: true });
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_PATH: join(dir, 'pac.sqlite'),
    UPLOAD_DIR: join(dir, 'uploads'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // The school's zone, as deploy/env.production.example sets it (left unset, the server asks Intl
    // for its own zone, and that alone loads ~8 MB of ICU's locale data).
    SCHOOL_TIMEZONE: 'America/Vancouver',
    MONITOR_TICK_SECONDS: '0',
    REMINDER_TICK_SECONDS: '0',
    // A load test is one client address making thousands of signups on purpose.
    SIGNUP_RATE_LIMIT: '1000000',
    // One log line per request would flood the benchmark's output (it inherits the child's stdout).
    LOG_LEVEL: 'warn',
    ...extra,
  };
}
