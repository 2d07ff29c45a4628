import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type ApiConfig,
  cannotSaveRefusal,
  type ContextInner,
  createContextInner,
  findSessionUser,
  type Runtime,
  type SessionCookieWriter,
} from '@pac/api';
import type { Db } from '@pac/db';
import { requestOrigin, type TrustedProxies } from './clientAddress';
import { logRequestError, requestId } from './requestLog';

export const sessionCookieName = 'pac_session';

export interface HttpDeps {
  db: Db;
  config: ApiConfig;
  /** The server's one Runtime: the limits every request shares (REST and tRPC alike), mail, monitor runner. */
  runtime: Runtime;
  /** Adds `Secure` to the cookie when the app is served over https (PUBLIC_BASE_URL). */
  secureCookies: boolean;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For and X-Forwarded-Proto are believed. */
  trustedProxies: TrustedProxies | null;
}

export function readCookie(req: IncomingMessage, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return null;
      }
    }
  }
  return null;
}

function cookieWriter(res: ServerResponse, secure: boolean): SessionCookieWriter {
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return {
    set: (token, maxAge) =>
      res.appendHeader('Set-Cookie', `${sessionCookieName}=${token}; Max-Age=${maxAge}; ${attributes}`),
    clear: () => res.appendHeader('Set-Cookie', `${sessionCookieName}=; Max-Age=0; ${attributes}`),
  };
}

/**
 * The session's user. Finding it may write (its last-seen time, or the end of an idle session),
 * outside any procedure: a write the disk refuses (full or read-only) is logged here and answered
 * as in a procedure, 503 (cannotSaveRefusal), over REST and tRPC alike.
 */
function sessionUser(req: IncomingMessage, deps: HttpDeps, token: string): ReturnType<typeof findSessionUser> {
  try {
    return findSessionUser(deps.db, token, deps.config.sessionIdleDays);
  } catch (error) {
    const refusal = cannotSaveRefusal(error);
    if (!refusal) throw error;
    logRequestError(req, 'A write failed: the database cannot be written', error);
    throw refusal;
  }
}

/**
 * The procedures' context for one HTTP request: who the caller is comes from the cookie alone. It
 * carries the request's id, not a logger: `logFor(ctx)` makes the child logger only when a line is
 * written.
 */
export function contextFromRequest(req: IncomingMessage, res: ServerResponse, deps: HttpDeps): ContextInner {
  const token = readCookie(req, sessionCookieName);
  const found = token ? sessionUser(req, deps, token) : null;
  const claimed = req.headers['x-user-id'];
  const claimedUserId = typeof claimed === 'string' && claimed.trim() !== '' ? claimed.trim() : null;
  const origin = requestOrigin(req.socket, req.headers, deps.trustedProxies);
  const secure = deps.secureCookies || origin.protocol === 'https';
  if (token && !found) cookieWriter(res, secure).clear();
  return createContextInner({
    db: deps.db,
    config: deps.config,
    user: found?.user ?? null,
    sessionId: found?.sessionId ?? null,
    claimedUserId,
    cookies: cookieWriter(res, secure),
    // The socket's address unless it is a trusted proxy: anyone else could forge X-Forwarded-For.
    clientAddress: origin.clientAddress,
    runtime: deps.runtime,
    reqId: requestId(req),
  });
}
