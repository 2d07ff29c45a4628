import type { IncomingMessage, ServerResponse } from 'node:http';
import { procedureMeta } from '@pac/api';
import type { Db } from '@pac/db';
import { restRouteProcedure } from './rest';
import { readCookie, sessionCookieName } from './session';

/**
 * Answers to signed-out visitors' reads of public data (the sheets, a sheet, the hero), kept as
 * the bytes last sent for the same URL until the database changes. On newsletter night hundreds
 * of parents read the same sheet between two signups; each read after the first costs a lookup
 * instead of three queries and a superjson pass over 200 volunteers (bench/results.md notes).
 *
 * What may be kept: a GET with no session cookie and no X-User-ID, to an allowed path, answered
 * 200 without a cookie. When it goes stale: the database's change count (SQLite's total_changes()
 * on this connection, which counts every row any statement or trigger wrote) or its data_version
 * (which moves when another connection, such as `pnpm restore` or an admin script, writes) differs
 * from when the answer was made. None of these answers depend on the clock.
 */

/**
 * A procedure's answer may be kept when the procedure says so (`.meta({ publicCache: true })` in its
 * router: it depends only on the database and the input).
 */
const cacheableProcedure = (path: string): boolean => procedureMeta(path)?.publicCache === true;

interface Entry {
  version: string;
  contentType: string;
  cacheControl: string | null;
  body: Buffer;
}

/** The size limits of the cache: entries beyond them push out the least recently used. */
export interface PublicCacheLimits {
  maxEntries: number;
  maxEntryBytes: number;
}

export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  private version: (() => string) | null = null;

  constructor(
    private readonly db: Db,
    private readonly limits: PublicCacheLimits = { maxEntries: 256, maxEntryBytes: 1024 * 1024 },
  ) {}

  /** The database's change count and data version now; null when the database does not answer. */
  private currentVersion(): string | null {
    try {
      if (!this.version) {
        const changes = this.db.$client.prepare('SELECT total_changes()').pluck();
        const dataVersion = this.db.$client.prepare('PRAGMA data_version').pluck();
        this.version = () => `${String(changes.get())}:${String(dataVersion.get())}`;
      }
      return this.version();
    } catch {
      return null;
    }
  }

  /** The URL's cache key when this request may be served from (and stored in) the cache, else null. */
  keyFor(req: IncomingMessage, url: URL): string | null {
    if (req.method !== 'GET') return null;
    if (req.headers['x-user-id'] !== undefined) return null;
    if (readCookie(req, sessionCookieName) !== null) return null;
    const { pathname } = url;
    if (pathname.startsWith('/trpc/')) {
      const procedures = pathname.slice('/trpc/'.length).split(',');
      if (!procedures.every(cacheableProcedure)) return null;
    } else {
      // A REST read whose route names a procedure that declares its answer cacheable.
      const procedure = restRouteProcedure('GET', pathname);
      if (procedure === null || !cacheableProcedure(procedure)) return null;
    }
    return `${pathname}${url.search}`;
  }

  /**
   * Sends the kept answer for `key` when it is still current and returns true; otherwise returns
   * false and keeps the answer this request is about to send, if it qualifies.
   */
  serveOrCapture(key: string, res: ServerResponse): boolean {
    const version = this.currentVersion();
    // Without a version nothing can be known to be current: the request goes its usual way.
    if (version === null) return false;
    const entry = this.entries.get(key);
    if (entry && entry.version === version) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
      res.statusCode = 200;
      // The headers the answer was first sent with (REST and tRPC both say no-store).
      res.setHeader('Content-Type', entry.contentType);
      if (entry.cacheControl !== null) res.setHeader('Cache-Control', entry.cacheControl);
      res.setHeader('Content-Length', entry.body.length);
      res.end(entry.body);
      return true;
    }
    if (entry) this.entries.delete(key);
    this.capture(key, version, res);
    return false;
  }

  private capture(key: string, version: string, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = false;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (overflow || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.isBuffer(chunk)
            ? chunk
            : chunk instanceof Uint8Array
              ? Buffer.from(chunk)
              : null;
      if (!buffer) return;
      size += buffer.length;
      if (size > this.limits.maxEntryBytes) overflow = true;
      else chunks.push(buffer);
    };
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      const contentType = res.getHeader('Content-Type');
      if (
        !overflow &&
        res.statusCode === 200 &&
        res.getHeader('Set-Cookie') === undefined &&
        typeof contentType === 'string' &&
        contentType.startsWith('application/json')
      ) {
        const cacheControl = res.getHeader('Cache-Control');
        this.store(key, {
          version,
          contentType,
          cacheControl: typeof cacheControl === 'string' ? cacheControl : null,
          body: Buffer.concat(chunks),
        });
      }
      return (end as (...args: unknown[]) => ServerResponse)(chunk, ...rest);
    }) as typeof res.end;
  }

  private store(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    while (this.entries.size > this.limits.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
}
