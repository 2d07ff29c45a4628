import { defaultLanguage, isLanguage, type Language } from '@pac/validators';
import type { Db, User } from '@pac/db';
import type { ApiConfig } from './config';
import { type Logger, type LogOrigin, originLogger } from './log';
import type { Runtime } from './runtime';

/**
 * The signed-in user as the procedures see it: never the password hash or the calendar feed's
 * version; `isAdmin` is `role === 'admin'` (SPEC.md's flag, kept for the client).
 */
export type SessionUser = Omit<User, 'passwordHash' | 'calendarFeedVersion'> & { isAdmin: boolean };

/**
 * How a procedure talks back to the transport about the session cookie. HTTP sets or clears
 * the cookie; tests and loops record or ignore it.
 */
export interface SessionCookieWriter {
  set(token: string, maxAgeSeconds: number): void;
  clear(): void;
}

/**
 * What a service works with: the database, the settings, and the server's one Runtime; and, for
 * the lines it logs, the request or the loop that started the work (see `logFor`).
 */
export interface ServiceContext extends LogOrigin {
  db: Db;
  config: ApiConfig;
  /** Mail, the monitor runner, the limits, the logger and the clock, built once by the server (see runtime.ts). */
  runtime: Runtime;
}

/**
 * The logger for this work: the Runtime's, with the request's id (`reqId`) when a request started
 * it, or the loop's (`loop`). Call it where a line is written: the request's child logger is made
 * then, not for every request.
 */
export function logFor(ctx: ServiceContext): Logger {
  return originLogger(ctx.runtime.logger, ctx);
}

export interface ContextInner extends ServiceContext {
  /** From the session cookie alone. */
  user: SessionUser | null;
  /** The id of the session row behind `user`, for logout. */
  sessionId: number | null;
  /** What the client claims in X-User-ID; only ever compared against `user`. */
  claimedUserId: string | null;
  cookies: SessionCookieWriter;
  /** The caller's network address, for throttling failed logins and signups. */
  clientAddress: string | null;
  /**
   * The language the caller reads (API.md "Languages"): their account's, else the `lang` cookie,
   * else their browser's Accept-Language, else English. A signup keeps it for its emails.
   */
  language: Language;
}

export type Context = ContextInner;

/** The context behind `userProcedure` and the tiers above it: there is a signed-in user. */
export type UserContext = Context & { user: SessionUser };

const ignoreCookies: SessionCookieWriter = { set: () => undefined, clear: () => undefined };

/**
 * The transport-free context used by HTTP, the REST adapter, loops and tests. It makes nothing of
 * its own: the Runtime (limits, mail, monitor runner) comes from whoever built the server.
 */
export function createContextInner(opts: {
  db: Db;
  config: ApiConfig;
  runtime: Runtime;
  user?: SessionUser | null;
  sessionId?: number | null;
  claimedUserId?: string | null;
  cookies?: SessionCookieWriter;
  clientAddress?: string | null;
  /** The HTTP request's id (X-Request-Id), carried by the lines logged about its work. */
  reqId?: string;
  language?: Language;
}): ContextInner {
  // The runtime's prepared statements and caches belong to one database.
  if (opts.runtime.db !== opts.db) throw new Error('The runtime was built for another database');
  return {
    db: opts.db,
    config: opts.config,
    runtime: opts.runtime,
    user: opts.user ?? null,
    sessionId: opts.sessionId ?? null,
    claimedUserId: opts.claimedUserId ?? null,
    cookies: opts.cookies ?? ignoreCookies,
    clientAddress: opts.clientAddress ?? null,
    reqId: opts.reqId,
    // The account's choice wins wherever the context is made (tests, loops); HTTP negotiates the rest.
    language: isLanguage(opts.user?.language) ? opts.user.language : (opts.language ?? defaultLanguage),
  };
}
