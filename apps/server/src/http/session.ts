import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Language, languageCookieName, matchLanguage, negotiateLanguage } from '@pac/validators/page-data';
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
 * The language of a request (API.md "Languages"): the account's, else `?lang=` on a page (which
 * the page answer also keeps as the `lang` cookie, see languageFromQuery), else the `lang` cookie,
 * else Accept-Language, else English.
 */
export function requestLanguage(req: IncomingMessage, account: string | null): Language {
  return negotiateLanguage({
    account,
    cookie: languageFromQuery(req) ?? readCookie(req, languageCookieName),
    acceptLanguage: req.headers['accept-language'] ?? null,
  });
}

/** The language `?lang=` asks for on this request, when it is one of ours. */
export function languageFromQuery(req: IncomingMessage): Language | null {
  const q = /[?&]lang=([^&#]*)/.exec(req.url ?? '')?.[1];
  if (q === undefined) return null;
  try {
    return matchLanguage(decodeURIComponent(q));
  } catch {
    return null;
  }
}

/** Whether the request came over HTTPS (directly, or through a trusted proxy), so cookies get Secure. */
export function isSecureRequest(req: IncomingMessage, deps: HttpDeps): boolean {
  return deps.secureCookies || requestOrigin(req.socket, req.headers, deps.trustedProxies).protocol === 'https';
}

/** Keeps the language chosen with `?lang=` (or the menu) for a year: `lang=pa; Path=/; SameSite=Lax`. */
export function setLanguageCookie(res: ServerResponse, language: Language, secure: boolean): void {
  res.appendHeader(
    'Set-Cookie',
    `${languageCookieName}=${encodeURIComponent(language)}; Max-Age=${365 * 24 * 60 * 60}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

/** The session each request's cookie named, once looked up (see sessionUserOf). */
const sessionsOfRequests = new WeakMap<IncomingMessage, { token: string; found: ReturnType<typeof findSessionUser> }>();

/**
 * The session's user. Finding it may write (its last-seen time, or the end of an idle session),
 * outside any procedure: a write the disk refuses (full or read-only) is logged here and answered
 * as in a procedure, 503 (cannotSaveRefusal), over REST and tRPC alike.
 */
export function sessionUserOf(req: IncomingMessage, deps: HttpDeps, token: string): ReturnType<typeof findSessionUser> {
  // Asked once per request: the read cache (publicCache.ts) decides whose answer a request gets
  // before the procedures' context is made, and a request it cannot answer then needs the same user.
  const known = sessionsOfRequests.get(req);
  if (known?.token === token) return known.found;
  try {
    const found = findSessionUser(deps.db, token, deps.config.sessionIdleDays);
    sessionsOfRequests.set(req, { token, found });
    return found;
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
  const found = token ? sessionUserOf(req, deps, token) : null;
  const claimed = req.headers['x-user-id'];
  const claimedUserId = typeof claimed === 'string' && claimed.trim() !== '' ? claimed.trim() : null;
  const origin = requestOrigin(req.socket, req.headers, deps.trustedProxies);
  const secure = deps.secureCookies || origin.protocol === 'https';
  if (token && !found) cookieWriter(res, secure).clear();
  return createContextInner({
    db: deps.db,
    config: deps.config,
    user: found?.user ?? null,
    language: requestLanguage(req, found?.user.language ?? null),
    sessionId: found?.sessionId ?? null,
    claimedUserId,
    cookies: cookieWriter(res, secure),
    // The socket's address unless it is a trusted proxy: anyone else could forge X-Forwarded-For.
    clientAddress: origin.clientAddress,
    runtime: deps.runtime,
    reqId: requestId(req),
  });
}
