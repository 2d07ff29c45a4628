/**
 * Replays a page load that Chromium made, the way a browser makes it, with node:http: one keep-alive
 * agent per simulated visitor holding at most 6 connections (a browser's limit per host), the
 * document first, then its scripts and stylesheets, then its data and the rest, every body read
 * whole as it came over the wire.
 */
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { WireResponse } from './browser';

/**
 * What Chromium (156 here) sends with a script's fetch: the web app's tRPC calls go with these.
 * The phone and newsletter benchmarks record them from Chromium itself.
 */
export const browserFetchHeaders: Record<string, string> = {
  accept: '*/*',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent (still compressed when the server compressed it). */
  body: Buffer;
  /** performance.now() when the request was sent and when its last byte arrived. */
  start: number;
  end: number;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  agent?: Agent;
  /** ms; the request fails after it (default 30 s). */
  timeout?: number;
}

/** One HTTP request, its body read whole. Rejects on a network error or timeout, never on a status. */
export function send(url: string, options: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: {
          ...options.headers,
          ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }),
        },
        agent: options.agent,
        timeout: options.timeout ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            start,
            end: performance.now(),
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timed out after ${options.timeout ?? 30_000} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The body decoded as the client would (gzip, deflate, br or none). */
export function decoded(answer: Answer): Buffer {
  const encoding = String(answer.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  switch (encoding) {
    case '':
    case 'identity':
      return answer.body;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(answer.body);
    case 'deflate':
      return inflateSync(answer.body);
    case 'br':
      return brotliDecompressSync(answer.body);
    default:
      throw new Error(`cannot decode Content-Encoding ${encoding}`);
  }
}

/** One request of a recorded page load. */
export interface RecordedRequest {
  method: string;
  /** Path and query, replayed against any origin. */
  path: string;
  /** The headers that decide what the server sends: Accept and Accept-Encoding. */
  headers: Record<string, string>;
  /** Chromium's resource type. */
  type: string;
  /** 0 the document, 1 scripts and stylesheets, 2 data and everything else. */
  wave: number;
  /** The status Chromium got; any other answer is an error. */
  status: number;
}

const waveOf = (type: string) => (type === 'Document' ? 0 : type === 'Script' || type === 'Stylesheet' ? 1 : 2);

/**
 * The same-origin requests of a recorded page load, in the order Chromium sent them, with the
 * headers that matter. Chromium does not report the headers of every request (module preloads
 * come without them); those get the document's Accept-Encoding and `Accept: *\/*`.
 */
export function requestList(responses: WireResponse[], origin: string): RecordedRequest[] {
  const own = responses.filter((r) => new URL(r.url).origin === origin);
  const documentEncoding = own.find((r) => r.type === 'Document')?.requestHeaders['accept-encoding'];
  return own.map((r) => {
    const url = new URL(r.url);
    const encoding = r.requestHeaders['accept-encoding'] ?? documentEncoding;
    return {
      method: r.method,
      path: `${url.pathname}${url.search}`,
      headers: {
        accept: r.requestHeaders.accept ?? '*/*',
        ...(encoding ? { 'accept-encoding': encoding } : {}),
      },
      type: r.type,
      wave: waveOf(r.type),
      status: r.status,
    };
  });
}

export interface PageLoad {
  /** From the first request sent to the last response's last byte. */
  ms: number;
  answers: { request: RecordedRequest; answer: Answer }[];
  /** Network errors and unexpected statuses, one line each. */
  errors: string[];
  bytes: number;
}

/** A browser's connection pool for one visitor: keep-alive, at most 6 connections to the host. */
export const browserAgent = () => new Agent({ keepAlive: true, maxSockets: 6 });

/** Replays one page load wave by wave, up to 6 requests at a time. */
export async function replayPage(base: string, list: RecordedRequest[], agent: Agent): Promise<PageLoad> {
  const answers: PageLoad['answers'] = [];
  const errors: string[] = [];
  const start = performance.now();
  let end = start;
  const waves = [...new Set(list.map((r) => r.wave))].sort((a, b) => a - b);
  for (const wave of waves) {
    const queue = list.filter((r) => r.wave === wave);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(6, queue.length) }, async () => {
        for (let r = queue[next++]; r; r = queue[next++]) {
          try {
            const answer = await send(`${base}${r.path}`, { method: r.method, headers: r.headers, agent });
            end = Math.max(end, answer.end);
            answers.push({ request: r, answer });
            if (answer.status !== r.status) errors.push(`${r.method} ${r.path}: ${answer.status}`);
          } catch (error) {
            end = Math.max(end, performance.now());
            errors.push(`${r.method} ${r.path}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }),
    );
  }
  return { ms: end - start, answers, errors, bytes: answers.reduce((n, a) => n + a.answer.body.length, 0) };
}
