import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The media types worth compressing among those the server sends: text of any kind (HTML, CSS,
 * JavaScript, CSV, calendars, plain text), JSON, XML (the news feed) and SVG (the QR code, the
 * built icons). Images other than SVG are compressed already. (compressible's answer for each of
 * these; compressible.test.ts compares.)
 */
const compressibleType =
  /^\s*(?:text\/[\w.+-]+|application\/(?:json|javascript|ecmascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

/** Whether a Content-Type is one worth compressing (see compressibleType). */
export function isCompressibleType(type: unknown): boolean {
  return typeof type === 'string' && compressibleType.test(type);
}

/**
 * compression's filter: an answer is compressed when its type is worth it. compression's own
 * default asks the `compressible` package, whose table of every media type there is (mime-db) the
 * server would hold in memory for the few types it sends; with this filter it is never asked, and
 * the compiled server leaves it out (apps/server/build.mjs).
 */
export function worthCompressing(_req: IncomingMessage, res: ServerResponse): boolean {
  return isCompressibleType(res.getHeader('Content-Type'));
}
