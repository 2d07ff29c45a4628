import type { IncomingHttpHeaders } from 'node:http';

/** Every outbound call gives up after this long unless told otherwise. */
export const DEFAULT_TIMEOUT_MS = 15_000;
/** Answers are read up to this size; the rest is dropped. */
const DEFAULT_MAX_BYTES = 1024 * 1024;

export type HttpRequest = {
  method: 'GET' | 'POST';
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  /** Limit for the whole exchange: connecting, sending, the headers and the body. */
  timeoutMs?: number;
  maxBytes?: number;
  /** Who is being called, for error messages, e.g. 'Facebook' or 'The webhook'. */
  service: string;
  /** Values that must never appear in an error message (tokens, secrets). */
  secrets?: (string | undefined)[];
};

export type HttpResponse = {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  text: string;
};

export type HttpFailureKind = 'timeout' | 'network';

/** The request never got an answer: it timed out or the connection failed. */
export class HttpFailure extends Error {
  override readonly name = 'HttpFailure';
  constructor(
    message: string,
    readonly kind: HttpFailureKind,
  ) {
    super(message);
  }
}

/**
 * One HTTP exchange through undici with a hard time limit. Non-2xx answers are returned, not thrown;
 * only timeouts and connection failures reject (with an HttpFailure whose message names the host,
 * never the path or query, and has every secret scrubbed out).
 */
export async function sendHttp(req: HttpRequest): Promise<HttpResponse> {
  const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
  const signal = AbortSignal.timeout(timeoutMs);
  // Loaded on the first post or webhook, not at start (see packages/monitor/src/fetch.ts).
  const { request } = await import('./undici.ts');
  try {
    const res = await request(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = await readCapped(res.body, maxBytes);
    return { status: res.statusCode, statusText: res.statusText, headers: res.headers, text };
  } catch (err) {
    throw toFailure(err, req, timeoutMs, signal.aborted);
  }
}

async function readCapped(body: AsyncIterable<unknown> & { destroy(): unknown }, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    if (size + buf.length > maxBytes) {
      chunks.push(buf.subarray(0, maxBytes - size));
      body.destroy();
      break;
    }
    chunks.push(buf);
    size += buf.length;
  }
  return Buffer.concat(chunks).toString('utf8');
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
]);

function errorCode(err: unknown): string {
  if (err && typeof err === 'object' && 'code' in err && typeof err.code === 'string') return err.code;
  return '';
}

function toFailure(err: unknown, req: HttpRequest, timeoutMs: number, aborted: boolean): HttpFailure {
  const host = req.url.host;
  const code = errorCode(err);
  const name = err instanceof Error ? err.name : '';
  if (aborted || name === 'TimeoutError' || TIMEOUT_CODES.has(code)) {
    return new HttpFailure(`${req.service} (${host}) did not answer within ${formatDuration(timeoutMs)}.`, 'timeout');
  }
  let sentence: string;
  switch (code) {
    case 'ECONNREFUSED':
      sentence = `Could not connect to ${req.service} at ${host}: the connection was refused.`;
      break;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      sentence = `Could not connect to ${req.service}: the host ${req.url.hostname} could not be found.`;
      break;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      sentence = `The connection to ${req.service} at ${host} was closed before it answered.`;
      break;
    default: {
      const detail = err instanceof Error && err.message ? `: ${oneLine(err.message)}` : '.';
      sentence = `The request to ${req.service} at ${host} failed${detail}`;
    }
  }
  return new HttpFailure(redact(sentence, req.secrets), 'network');
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

export function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** At most `max` characters (whole code points), with an ellipsis when something was cut. */
export function excerpt(s: string, max: number): string {
  const chars = Array.from(oneLine(s));
  return chars.length <= max ? chars.join('') : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/**
 * Removes secrets from text that may end up in a log or an API answer: each secret as written and
 * URL-encoded, and any `access_token=` query or form value whatever it holds.
 */
export function redact(text: string, secrets: (string | undefined)[] = []): string {
  let out = text.replace(/(access_token=)[^&\s"']+/gi, '$1***');
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ s: secret }).toString().slice(2),
    ])) {
      out = out.split(form).join('***');
    }
  }
  return out;
}
