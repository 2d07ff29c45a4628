import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { procedureMeta, type ServiceContext, type SessionUser } from '@pac/api';
import type { Db } from '@pac/db';
import superjson from 'superjson';
import { restRouteRead } from './rest';
import { readCookie, sessionCookieName } from './session';

/**
 * Answers to reads of public data (the sheets, a sheet, the hero), kept as the bytes last sent
 * for the same URL until the database changes. On newsletter night hundreds of parents read the
 * same sheet between two signups; each read after the first costs a lookup instead of three
 * queries, a superjson pass over 200 volunteers and a compression (bench/results.md notes).
 *
 * Whose answer is whose. A signed-out visitor's answer depends only on the database and the input
 * (the procedure's `publicCache`). A signed-in caller's answer is kept only when every procedure
 * of the request says, from the caller's session, which shared answer theirs is (`sharedView`):
 * a parent with no signup on a sheet reads the signed-out answer; its organizers and the
 * administrators share theirs; anyone whose answer is their own is answered afresh. The class is
 * decided on every request from the session and the database as they are then, never from what
 * the request claims (an X-User-ID header is never kept).
 *
 * When an answer goes stale: the database's change count (SQLite's total_changes() on this
 * connection, which counts every row any statement or trigger wrote) or its data_version (which
 * moves when another connection, such as `pnpm restore` or an admin script, writes) differs from
 * when the answer was made. None of these answers depend on the clock.
 *
 * Compression: the answer is kept as sent (uncompressed, captured inside the compression layer),
 * and its brotli and gzip forms are made once, the first time a client asks for each.
 */

interface Entry {
  version: string;
  contentType: string;
  cacheControl: string | null;
  body: Buffer;
  /** The body's brotli and gzip forms, made when first asked for. */
  encoded: { br?: Buffer; gzip?: Buffer };
}

/** The size limits of the cache: entries beyond them push out the least recently used. */
export interface PublicCacheLimits {
  maxEntries: number;
  maxEntryBytes: number;
}

/** What keeping signed-in callers' shared answers needs: the services' context and the session's user. */
export interface SignedInViews {
  context: ServiceContext;
  /** The user of a session token (null when it is no session, or ended). */
  sessionUser: (req: IncomingMessage, token: string) => SessionUser | null;
}

/** One call a request makes: the procedure's path and its input as sent (not yet validated). */
interface Read {
  procedure: string;
  input: () => unknown;
}

/** Answers smaller than this go uncompressed, as the compression layer sends them. */
const compressFrom = 1024;

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const takes = (name: 'br' | 'gzip') => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return 'identity';
}

function encode(encoding: 'br' | 'gzip', body: Buffer): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          // Made once per answer and database change: a little more effort than the compression
          // layer's 4 for a smaller answer on a parent's phone.
          [zlib.BROTLI_PARAM_QUALITY]: 6,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body);
}

/** The tRPC calls of a GET (`/trpc/a,b?batch=1&input=…`), each with its superjson input decoded on demand. */
function trpcReads(url: URL): Read[] {
  const procedures = url.pathname.slice('/trpc/'.length).split(',');
  const raw = url.searchParams.get('input');
  const batch = url.searchParams.get('batch') === '1';
  let parsed: unknown = undefined;
  let parsedOnce = false;
  const inputs = (): unknown => {
    if (!parsedOnce) {
      parsedOnce = true;
      parsed = raw === null ? undefined : (JSON.parse(raw) as unknown);
    }
    return parsed;
  };
  const deserialize = (value: unknown) =>
    value === undefined || value === null
      ? undefined
      : superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]);
  return procedures.map((procedure, i) => ({
    procedure,
    input: () => {
      const all = inputs();
      if (!batch) return deserialize(all);
      return typeof all === 'object' && all !== null
        ? deserialize((all as Record<string, unknown>)[String(i)])
        : undefined;
    },
  }));
}

export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  private version: (() => string) | null = null;

  constructor(
    private readonly db: Db,
    private readonly limits: PublicCacheLimits = { maxEntries: 256, maxEntryBytes: 1024 * 1024 },
    private readonly signedIn: SignedInViews | null = null,
  ) {}

  /** The database's change count and data version now; null when the database does not answer. */
  currentVersion(): string | null {
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

  /** The calls a GET makes, when every one is of a procedure whose answer may be kept; else null. */
  private readsOf(url: URL): Read[] | null {
    const { pathname } = url;
    let reads: Read[];
    if (pathname.startsWith('/trpc/')) {
      reads = trpcReads(url);
    } else {
      // A REST read whose route names a procedure; its input is the path's parameters.
      const read = restRouteRead('GET', pathname);
      if (read === null) return null;
      reads = [{ procedure: read.procedure, input: () => read.input }];
    }
    return reads.every((r) => procedureMeta(r.procedure)?.publicCache === true) ? reads : null;
  }

  /**
   * The cache key of this request's answer when it may be served from (and stored in) the cache,
   * else null: the URL, with the shared answer each call's is (`public` for a signed-out visitor).
   * For a signed-in caller this reads their session (which may note that it was seen).
   */
  keyFor(req: IncomingMessage, url: URL): string | null {
    if (req.method !== 'GET') return null;
    if (req.headers['x-user-id'] !== undefined) return null;
    const reads = this.readsOf(url);
    if (reads === null) return null;
    const token = readCookie(req, sessionCookieName);
    const where = `${url.pathname}${url.search}`;
    if (token === null) return `${reads.map(() => 'public').join(',')} ${where}`;
    if (this.signedIn === null) return null;
    try {
      const viewer = this.signedIn.sessionUser(req, token);
      if (viewer === null) return null;
      const classes: string[] = [];
      for (const read of reads) {
        const sharedView = procedureMeta(read.procedure)?.sharedView;
        const shared = sharedView ? sharedView(this.signedIn.context, viewer, read.input()) : null;
        if (shared === null) return null;
        classes.push(shared);
      }
      return `${classes.join(',')} ${where}`;
    } catch {
      // An input that does not parse, or a session the database cannot read: the request goes its
      // usual way, which answers it.
      return null;
    }
  }

  /** Sends the kept answer for `key` when it was made at `version` (the database now) and returns true. */
  serve(key: string, version: string, req: IncomingMessage, res: ServerResponse): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (entry.version !== version) {
      this.entries.delete(key);
      return false;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const encoding = entry.body.length >= compressFrom ? preferredEncoding(req.headers['accept-encoding']) : 'identity';
    let body = entry.body;
    if (encoding !== 'identity') {
      body = entry.encoded[encoding] ??= encode(encoding, entry.body);
      res.setHeader('Content-Encoding', encoding);
    }
    res.statusCode = 200;
    // The headers the answer was first sent with (REST and tRPC both say no-store).
    res.setHeader('Content-Type', entry.contentType);
    if (entry.cacheControl !== null) res.setHeader('Cache-Control', entry.cacheControl);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Length', body.length);
    res.end(body);
    return true;
  }

  /**
   * Keeps the answer this request is about to send under `key`, as made at `version`, if it
   * qualifies: 200, JSON, no cookie set, within the size limit. Install it inside any compression
   * layer, so that what is kept is the answer itself.
   */
  capture(key: string, version: string, res: ServerResponse): void {
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
          encoded: {},
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
