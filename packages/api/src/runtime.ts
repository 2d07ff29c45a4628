import type { Db } from '@pac/db';
import type { ApiConfig } from './config';
import { LoginThrottle } from './lib/loginThrottle';
import type { Logger } from './log';
import { MailRuntime } from './email/mailRuntime';
import { MonitorRunner } from './lib/monitorRunner';
import { PasswordHasher } from './lib/passwords';
import { mailbox } from './lib/mailbox';
import { limitKey, SlidingWindowLimiter } from './lib/rateLimit';

const minuteMs = 60 * 1000;

/** Confirmation emails one address may receive in an hour; later signups succeed without one. */
export const confirmationMailsPerHour = 5;

/**
 * The limits one server shares across all its requests (and across REST and tRPC): failed logins,
 * argon2 work, signups per client address, and confirmation emails per recipient.
 */
export interface Limits {
  loginThrottle: LoginThrottle;
  passwords: PasswordHasher;
  /** Signups per client address (an IPv6 client: its /64) over 10 minutes (SIGNUP_RATE_LIMIT). */
  signups: SlidingWindowLimiter;
  /** Signup confirmation emails per recipient mailbox (case and +tag dropped) over an hour. */
  confirmationMail: SlidingWindowLimiter;
}

/** Names one piece of per-database state a domain keeps in the Runtime (see `Runtime.state`). */
export class RuntimeKey<T> {
  declare private readonly type: T;
  constructor(readonly name: string) {}
}

/**
 * Everything stateful one server holds besides its database, built once (apps/server/src/main.ts)
 * and handed to every request, loop and script through the context; no module keeps state of its own.
 */
export interface Runtime {
  /** The database this runtime's prepared statements and caches belong to. */
  readonly db: Db;
  /** The mail pool and the mail tasks that run after an answer. */
  readonly mail: MailRuntime;
  /** Shared by the monitor loop, Check All and rechecks. */
  readonly monitorRunner: MonitorRunner;
  readonly limits: Limits;
  /**
   * The server's one logger (the same pino logger as the request log: one JSON line per event).
   * Services log through `logFor(ctx)` (context.ts), which adds the request's id or the loop's name.
   */
  readonly logger: Logger;
  /** The clock the rules read. */
  now(): Date;
  /**
   * State a domain keeps for this database, made by `init` on first use: prepared statements, the
   * link-signing key, a cached status.
   */
  state<T>(key: RuntimeKey<T>, init: (db: Db) => T): T;
  /** Waits for the checks and background mail under way, then closes the mail pool. */
  close(): Promise<void>;
}

export function createRuntime(db: Db, config: ApiConfig, options: { logger: Logger; now?: () => Date }): Runtime {
  const { logger } = options;
  const now = options.now ?? (() => new Date());
  const epochMs = () => now().getTime();
  const mail = new MailRuntime(config, logger);
  const monitorRunner = new MonitorRunner(config.monitor);
  const states = new Map<RuntimeKey<unknown>, unknown>();
  return {
    db,
    mail,
    monitorRunner,
    limits: {
      loginThrottle: new LoginThrottle(config.loginMaxFailures, epochMs),
      passwords: new PasswordHasher(),
      signups: new SlidingWindowLimiter(config.signupRateLimit, 10 * minuteMs, epochMs, limitKey),
      confirmationMail: new SlidingWindowLimiter(confirmationMailsPerHour, 60 * minuteMs, epochMs, mailbox),
    },
    logger,
    now,
    state<T>(key: RuntimeKey<T>, init: (db: Db) => T): T {
      if (states.has(key)) return states.get(key) as T;
      const value = init(db);
      states.set(key, value);
      return value;
    },
    async close() {
      await monitorRunner.idle();
      await monitorRunner.closeConnections();
      await mail.flush();
      mail.close();
    },
  };
}
