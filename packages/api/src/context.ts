import type { Db, User } from '@pac/db';
import { LoginThrottle } from './services/loginThrottle';

/** Settings the procedures need; built from the environment by apps/server/env.ts. */
export interface ApiConfig {
  /** A session unused this long ends. */
  sessionIdleDays: number;
  /** Failed logins for one account within 15 minutes before 429 (an address gets 4 times as many). */
  loginMaxFailures: number;
  /** Hero images and the logo live here, under server-chosen names. */
  uploadDir: string;
  /** Absolute root for links in emails and image URLs sent to Instagram. */
  publicBaseUrl: string;
  schoolName: string;
  /** SMTP transport; the sender comes from settings (senderEmail/senderPassword) or else the environment. */
  mail: { host: string; port: number; secure: boolean; envUser?: string; envPassword?: string };
}

/** The signed-in user as the procedures see it: never the password hash. */
export type SessionUser = Omit<User, 'passwordHash'>;

/**
 * How a procedure talks back to the transport about the session cookie. HTTP sets or clears
 * the cookie; tests and loops record or ignore it.
 */
export interface SessionCookieWriter {
  set(token: string, maxAgeSeconds: number): void;
  clear(): void;
}

export interface ContextInner {
  db: Db;
  config: ApiConfig;
  /** From the session cookie alone. */
  user: SessionUser | null;
  /** The id of the session row behind `user`, for logout. */
  sessionId: number | null;
  /** What the client claims in X-User-ID; only ever compared against `user`. */
  claimedUserId: string | null;
  cookies: SessionCookieWriter;
  /** The caller's network address, for throttling failed logins. */
  clientAddress: string | null;
  /** Shared by every request of one server. */
  loginThrottle: LoginThrottle;
}

const ignoreCookies: SessionCookieWriter = { set: () => undefined, clear: () => undefined };

/** The transport-free context used by HTTP, the REST adapter, loops and tests. */
export function createContextInner(opts: {
  db: Db;
  config: ApiConfig;
  user?: SessionUser | null;
  sessionId?: number | null;
  claimedUserId?: string | null;
  cookies?: SessionCookieWriter;
  clientAddress?: string | null;
  loginThrottle?: LoginThrottle;
}): ContextInner {
  return {
    db: opts.db,
    config: opts.config,
    user: opts.user ?? null,
    sessionId: opts.sessionId ?? null,
    claimedUserId: opts.claimedUserId ?? null,
    cookies: opts.cookies ?? ignoreCookies,
    clientAddress: opts.clientAddress ?? null,
    loginThrottle: opts.loginThrottle ?? new LoginThrottle(opts.config.loginMaxFailures),
  };
}

export type Context = ContextInner;
