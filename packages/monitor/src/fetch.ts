import type { Agent } from 'undici';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { TextDecoder } from 'node:util';
import { isForbiddenAddress } from './addresses.ts';
import type { RawBody } from './decode.ts';
import { checkMonitorUrl, hasUnsafeCharacter } from './url.ts';

export const MONITOR_USER_AGENT = 'PAC-Hub-Monitor/1.0 (+school website watch)';
export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_BYTES = 5_242_880;
export const MAX_REDIRECTS = 5;

export type MonitorFetchErrorKind = 'refused' | 'timeout' | 'http' | 'network' | 'too-large';

/** Every failure of safeFetch, with a sentence fit to show an admin and the original error as cause. */
export class MonitorFetchError extends Error {
  override readonly name = 'MonitorFetchError';
  readonly kind: MonitorFetchErrorKind;
  /** The HTTP status for kind 'http'. */
  readonly status: number | undefined;

  constructor(kind: MonitorFetchErrorKind, message: string, options?: { cause?: unknown; status?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.status = options?.status;
  }
}

export interface SafeFetchOptions {
  /** The approved school-district domain; every hop must stay on it or its subdomains. */
  domain: string;
  /** Development and tests only: allow loopback/private addresses and explicit ports. */
  allowPrivateAddresses?: boolean;
  /** Like curl --resolve: host name to IP address, replacing DNS for those names. */
  resolve?: ReadonlyMap<string, string>;
  /** Whole-fetch budget covering DNS, connect, headers, body and redirects. Default 15000. */
  timeoutMs?: number;
  /** Body size limit in bytes. Default 5 MiB. */
  maxBytes?: number;
  /** What to do once the body passes maxBytes: keep the first maxBytes (default) or throw 'too-large'. */
  onTooLarge?: 'truncate' | 'error';
  /** Validators from the previous successful fetch, sent as If-None-Match / If-Modified-Since. */
  etag?: string;
  lastModified?: string;
  /** Connections kept between checks (the monitor runner's); without it each fetch connects anew. */
  connections?: ConnectionPool;
  /**
   * 'bytes': the body is not decoded here but handed over as `raw`, its bytes in a buffer of its own
   * with the charset to read them in, for the page reader's thread to decode (reader.ts). Default
   * 'text': decoded into `body`.
   */
  bodyAs?: 'text' | 'bytes';
}

export interface FetchResult {
  status: number;
  notModified: boolean;
  /** The page's text; '' when it was read as bytes (then see `raw`), after a 304, or for an empty page. */
  body: string;
  /** The undecoded body, with bodyAs 'bytes' and a 2xx answer. */
  raw?: RawBody;
  etag?: string;
  lastModified?: string;
  finalUrl: string;
  truncated: boolean;
  contentType?: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Resolves every address of `host` (or takes the --resolve override) and refuses forbidden ones. */
async function resolveChecked(host: string, opts: SafeFetchOptions, signal: AbortSignal): Promise<LookupAddress[]> {
  const override = opts.resolve?.get(host);
  let addresses: LookupAddress[];
  if (override !== undefined) {
    const family = isIP(override);
    if (family === 0) throw new MonitorFetchError('refused', `The resolve entry for ${host} is not an IP address`);
    addresses = [{ address: override, family }];
  } else {
    addresses = await new Promise<LookupAddress[]>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      dnsLookup(host, { all: true, order: 'verbatim' }, (err, found) => {
        signal.removeEventListener('abort', onAbort);
        if (err)
          reject(
            new MonitorFetchError('network', `Could not resolve ${host}: ${err.code ?? err.message}`, { cause: err }),
          );
        else resolve(found);
      });
    });
  }
  if (addresses.length === 0) throw new MonitorFetchError('network', `Could not resolve ${host}`);
  if (opts.allowPrivateAddresses !== true) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad) {
      throw new MonitorFetchError(
        'refused',
        `Refused: ${host} resolves to a private or reserved address (${bad.address})`,
      );
    }
  }
  return addresses;
}

/**
 * A lookup for net/tls.connect that only ever answers with the addresses already checked, so a DNS
 * answer that changes between the check and the connect (rebinding) is never used.
 */
function pinnedLookup(host: string, addresses: readonly LookupAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const first = addresses[0];
    if (hostname !== host || first === undefined) {
      callback(new Error(`Unexpected connection to ${hostname}`), '', 0);
      return;
    }
    if (options.all === true) callback(null, [...addresses]);
    else callback(null, first.address, first.family);
  };
}

function charsetOf(contentType: string | undefined): string {
  const match = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

function decoderFor(contentType: string | undefined): TextDecoder {
  try {
    return new TextDecoder(charsetOf(contentType));
  } catch {
    return new TextDecoder('utf-8');
  }
}

/**
 * A body's text, decoded as its chunks come in. Node decodes UTF-8 in one call several times faster
 * than through its streaming decoder (and a single streaming call turns that fast path off for good),
 * so a UTF-8 body is decoded a chunk at a time wherever a chunk ends on an ASCII byte, after which no
 * character can run on into the next chunk; a chunk that ends otherwise waits for the next one. Any
 * other charset streams, as it always did.
 */
class BodyText {
  private readonly parts: string[] = [];
  private readonly waiting: Uint8Array[] = [];
  private readonly utf8: boolean;
  /** Decodes the chunks after the first: only the start of a body may carry a byte-order mark to drop. */
  private rest: TextDecoder | null = null;

  private readonly decoder: TextDecoder;

  constructor(decoder: TextDecoder) {
    this.decoder = decoder;
    this.utf8 = decoder.encoding === 'utf-8';
  }

  push(bytes: Uint8Array): void {
    if (!this.utf8) {
      this.parts.push(this.decoder.decode(bytes, { stream: true }));
      return;
    }
    if (bytes.byteLength === 0) return;
    this.waiting.push(bytes);
    if ((bytes[bytes.byteLength - 1] ?? 0) < 0x80) this.decodeWaiting(false);
  }

  /** The whole text; for a body cut off at the size limit (`complete` false), without a last partial character. */
  end(complete: boolean): string {
    if (!this.utf8) {
      if (complete) this.parts.push(this.decoder.decode());
    } else if (this.waiting.length > 0) {
      this.decodeWaiting(!complete);
    }
    return this.parts.join('');
  }

  private decodeWaiting(holdPartial: boolean): void {
    const [first] = this.waiting;
    const bytes = this.waiting.length === 1 && first ? first : Buffer.concat(this.waiting);
    this.waiting.length = 0;
    const started = this.parts.length > 0;
    if (holdPartial) {
      // A streaming decode keeps an unfinished character back instead of replacing it.
      this.parts.push(new TextDecoder('utf-8', { ignoreBOM: started }).decode(bytes, { stream: true }));
      return;
    }
    const decoder = started ? (this.rest ??= new TextDecoder('utf-8', { ignoreBOM: true })) : this.decoder;
    this.parts.push(decoder.decode(bytes));
  }
}

/** Stops a response body without reading it; the abort error that undici then emits is expected. */
function discard(body: NodeJS.ReadableStream & { destroy(): void }): void {
  body.on('error', () => undefined);
  body.destroy();
}

interface Hop {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  raw?: RawBody;
  truncated: boolean;
}

/** Collects a body's chunks as they come in, into one buffer of its own at the end. */
class BodyBytes {
  private readonly chunks: Uint8Array[] = [];
  private length = 0;

  push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.byteLength;
  }

  /** The body in a new buffer: a chunk may be a view into a larger one, which cannot be transferred alone. */
  end(): Uint8Array {
    const all = new Uint8Array(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      all.set(chunk, at);
      at += chunk.byteLength;
    }
    return all;
  }
}

function importUndici() {
  return import('./undici.ts');
}
let undiciLoading: ReturnType<typeof importUndici> | null = null;
/**
 * undici, loaded on the first check and not at start: a server with no monitors never needs it (the
 * compiled server keeps it in a chunk of its own, apps/server/build.mjs). Loaded once, and the
 * promise kept, so that later checks do not wait on the module loader.
 */
export function loadUndici(): ReturnType<typeof importUndici> {
  undiciLoading ??= importUndici();
  return undiciLoading;
}

async function fetchOnce(url: URL, opts: SafeFetchOptions, signal: AbortSignal, timeoutMs: number): Promise<Hop> {
  const addresses = await resolveChecked(url.hostname, opts, signal);
  const { Agent, request } = await loadUndici();
  const pool = opts.connections;
  const create = () =>
    new Agent({
      connect: { lookup: pinnedLookup(url.hostname, addresses), timeout: timeoutMs, rejectUnauthorized: true },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      // Kept: a few connections per host, closed after a short idle time.
      connections: pool ? keptConnectionsPerHost : 1,
      keepAliveTimeout: keptIdleMs,
      keepAliveMaxTimeout: keptIdleMs,
    });
  // A kept agent serves only this host name at exactly these checked addresses: a DNS change gets a new one.
  const agent = pool
    ? pool.agent(`${url.protocol}//${url.host}|${addresses.map((a) => a.address).join(',')}`, create)
    : create();
  try {
    const headers: Record<string, string> = {
      'user-agent': MONITOR_USER_AGENT,
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
      'accept-encoding': 'identity',
    };
    if (opts.etag !== undefined) headers['if-none-match'] = opts.etag;
    if (opts.lastModified !== undefined) headers['if-modified-since'] = opts.lastModified;

    const response = await request(url, { dispatcher: agent, method: 'GET', headers, signal });
    const contentType = headerValue(response.headers['content-type']);
    const status = response.statusCode;
    if (status < 200 || status >= 300) {
      // Redirects, 304 and errors: the body is not needed. A short one is read to its end so that a
      // kept connection can serve the next check; a long one is cut off with its connection.
      if (pool) await response.body.dump({ limit: 16 * 1024, signal }).catch(() => undefined);
      else discard(response.body);
      return { status, headers: response.headers, body: '', truncated: false };
    }

    const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
    const decoder = decoderFor(contentType);
    const text = opts.bodyAs === 'bytes' ? new BodyBytes() : new BodyText(decoder);
    let received = 0;
    let truncated = false;
    for await (const chunk of response.body) {
      const bytes = chunk instanceof Uint8Array ? chunk : Buffer.from(String(chunk));
      const room = maxBytes - received;
      if (bytes.byteLength > room) {
        truncated = true;
        if (opts.onTooLarge === 'error') {
          discard(response.body);
          throw new MonitorFetchError('too-large', `The page is larger than the ${maxBytes}-byte limit`);
        }
        text.push(bytes.subarray(0, room));
        received = maxBytes;
        // Stop reading: the rest of the body is never downloaded or buffered.
        discard(response.body);
        break;
      }
      received += bytes.byteLength;
      text.push(bytes);
    }
    if (text instanceof BodyBytes) {
      return {
        status,
        headers: response.headers,
        body: '',
        raw: { bytes: text.end(), encoding: decoder.encoding },
        truncated,
      };
    }
    // A truncated body may end inside a multi-byte character: that partial character is left out.
    return { status, headers: response.headers, body: text.end(!truncated), truncated };
  } finally {
    if (!pool) await agent.destroy().catch(() => undefined);
  }
}

function describeNetworkError(err: unknown, url: URL): string {
  const code = (err as { code?: unknown } | null)?.code;
  const detail = typeof code === 'string' ? code : err instanceof Error ? err.message : 'unknown error';
  if (
    typeof code === 'string' &&
    (code.startsWith('ERR_TLS') ||
      code.includes('CERT') ||
      code.startsWith('DEPTH_ZERO') ||
      code.startsWith('SELF_SIGNED'))
  ) {
    return `TLS certificate check failed for ${url.hostname} (${detail})`;
  }
  return `Could not fetch ${url.href} (${detail})`;
}

/**
 * Fetches an approved school page without letting the page, its DNS or its redirects steer the
 * request anywhere else: every hop is re-checked against the domain policy, every resolved address
 * against the forbidden ranges, and the connection goes to exactly the addresses that were checked.
 */
export async function safeFetch(url: URL, opts: SafeFetchOptions): Promise<FetchResult> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  // Made only when the time runs out: an error captures its stack trace as it is made, and nearly
  // every fetch ends in time (one made up front for each was 2% of a pass over 200 monitors).
  const timedOut = () => new MonitorFetchError('timeout', `No complete answer within ${timeoutMs} ms`);
  const timer = setTimeout(() => controller.abort(timedOut()), timeoutMs);
  const policy = { domain: opts.domain, allowPrivateAddresses: opts.allowPrivateAddresses };

  let current = url;
  try {
    for (let redirects = 0; ; redirects++) {
      const check = checkMonitorUrl(current.href, policy);
      if (!check.ok) {
        throw new MonitorFetchError(
          'refused',
          redirects === 0 ? `Refused: ${check.reason}` : `Refused redirect to ${current.href}: ${check.reason}`,
        );
      }
      current = check.url;

      let hop: Hop;
      try {
        hop = await fetchOnce(current, opts, controller.signal, timeoutMs);
      } catch (err) {
        // The timer above is the only abort: its reason is the timeout's error.
        if (controller.signal.aborted) throw controller.signal.reason as MonitorFetchError;
        if (err instanceof MonitorFetchError) throw err;
        const code = (err as { code?: unknown } | null)?.code;
        if (
          code === 'UND_ERR_HEADERS_TIMEOUT' ||
          code === 'UND_ERR_BODY_TIMEOUT' ||
          code === 'UND_ERR_CONNECT_TIMEOUT'
        ) {
          throw new MonitorFetchError('timeout', `No complete answer within ${timeoutMs} ms`, { cause: err });
        }
        throw new MonitorFetchError('network', describeNetworkError(err, current), { cause: err });
      }

      const etag = headerValue(hop.headers.etag);
      const lastModified = headerValue(hop.headers['last-modified']);
      const contentType = headerValue(hop.headers['content-type']);
      const meta = {
        ...(etag === undefined ? {} : { etag }),
        ...(lastModified === undefined ? {} : { lastModified }),
        ...(contentType === undefined ? {} : { contentType }),
      };

      if (REDIRECT_STATUSES.has(hop.status)) {
        const location = headerValue(hop.headers.location);
        if (location === undefined || location === '') {
          throw new MonitorFetchError('http', `HTTP ${hop.status} redirect without a Location`, { status: hop.status });
        }
        if (redirects >= MAX_REDIRECTS) {
          throw new MonitorFetchError('refused', `Refused: more than ${MAX_REDIRECTS} redirects`);
        }
        let next: URL;
        try {
          if (hasUnsafeCharacter(location) || location.includes('\\')) throw new Error('unsafe characters');
          next = new URL(location, current);
        } catch {
          throw new MonitorFetchError('refused', `Refused redirect to an invalid Location: ${location.slice(0, 200)}`);
        }
        current = next;
        continue;
      }
      if (hop.status === 304) {
        return { status: 304, notModified: true, body: '', finalUrl: current.href, truncated: false, ...meta };
      }
      if (hop.status < 200 || hop.status >= 300) {
        throw new MonitorFetchError('http', `The page answered HTTP ${hop.status}`, { status: hop.status });
      }
      return {
        status: hop.status,
        notModified: false,
        body: hop.body,
        ...(hop.raw === undefined ? {} : { raw: hop.raw }),
        finalUrl: current.href,
        truncated: hop.truncated,
        ...meta,
      };
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Spreads checks of one host out so a burst of monitors on the same school site does not hammer it:
 * `wait(host)` resolves when at least `minGapMs` have passed since the previous start for that host.
 * Different hosts never wait for each other. Slots are reserved synchronously, so concurrent callers
 * queue up in call order.
 */
const keptConnectionsPerHost = 8;
const keptIdleMs = 4_000;

// A type only: undici itself loads on the first check.
type UndiciAgent = Agent;

/**
 * undici agents kept between checks, one per host name and set of checked addresses, so that the
 * checks of one school site reuse their connections instead of a TCP (and TLS) handshake each.
 * The least recently used agent is closed past `maxAgents`; idle connections close after 4 s.
 */
export class ConnectionPool {
  private readonly agents = new Map<string, UndiciAgent>();

  private readonly maxAgents: number;

  constructor(maxAgents = 32) {
    this.maxAgents = maxAgents;
  }

  get size(): number {
    return this.agents.size;
  }

  /** The agent kept under `key`, made by `create` the first time. */
  agent(key: string, create: () => UndiciAgent): UndiciAgent {
    const kept = this.agents.get(key);
    if (kept) {
      this.agents.delete(key);
      this.agents.set(key, kept);
      return kept;
    }
    const made = create();
    this.agents.set(key, made);
    while (this.agents.size > this.maxAgents) {
      const oldest = this.agents.entries().next();
      if (oldest.done) break;
      this.agents.delete(oldest.value[0]);
      // Gracefully: a check still using it finishes first.
      oldest.value[1].close().catch(() => undefined);
    }
    return made;
  }

  /** Closes every kept connection (at shutdown). */
  async close(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    await Promise.all(agents.map((a) => a.close().catch(() => undefined)));
  }
}

export class HostSpacer {
  private readonly next = new Map<string, number>();

  readonly minGapMs: number;

  constructor(minGapMs = 1000) {
    this.minGapMs = minGapMs;
  }

  async wait(host: string): Promise<void> {
    const now = Date.now();
    for (const [key, at] of this.next) if (at <= now) this.next.delete(key);
    const key = host.toLowerCase();
    const start = Math.max(now, this.next.get(key) ?? now);
    this.next.set(key, start + this.minGapMs);
    if (start > now) await sleep(start - now);
  }
}
