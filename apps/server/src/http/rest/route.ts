import type { createCaller } from '@pac/api';

export type Caller = ReturnType<typeof createCaller>;

export interface RestRequest {
  caller: Caller;
  params: Record<string, string>;
  body: unknown;
  query: URLSearchParams;
  /** The uploaded file of a `upload` route (null when the field was absent). */
  file: Buffer | null;
}

/** A file to send as an attachment, written line by line as it is produced. */
export interface Download {
  filename: string;
  contentType: string;
  lines: Iterable<string>;
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** e.g. '/api/signup-sheets/:id' */
  path: string;
  /** 200 unless said; 204 answers without a body. */
  status?: number;
  /**
   * A multipart upload: the file of this form field arrives as `file`. `authorize` runs before the
   * body is read, so that a caller who may not upload cannot make the server buffer megabytes.
   */
  upload?: { field: string; maxBytes: number; authorize: (caller: Caller) => Promise<unknown> };
  /** The handler answers a Download, streamed as an attachment. */
  download?: boolean;
  /** The handler answers a string, sent as it is with this Content-Type (e.g. an iCalendar feed). */
  text?: { contentType: string };
  /** The handler answers bytes (a Buffer), sent with this Content-Type (e.g. an image). */
  binary?: { contentType: string };
  /** The body is not read (RFC 8058 one-click posts a form body that carries nothing we need). */
  ignoreBody?: boolean;
  /**
   * The procedure the route reads through ('sheets.byId'), named where what the procedure declares
   * about itself matters before the route runs: the public read cache keeps the route's answers when
   * the procedure's meta says `publicCache` (publicCache.ts). Unnamed, nothing is assumed.
   */
  procedure?: string;
  /** Errors also repeat their message under `error` (the logo upload's contract). */
  errorField?: boolean;
  handle(req: RestRequest): unknown;
}

/** The JSON body with the path's id merged in, so the procedure sees one input object. */
export function withId(req: RestRequest): unknown {
  const body = req.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body) || body === null) return body;
  return { ...body, id: req.params.id };
}

/**
 * Hands untrusted REST input to a procedure. The cast is only for the compiler: the procedure's
 * zod schema validates the value before any resolver sees it.
 */
export function unvalidated<T>(value: unknown): T {
  return value as T;
}
