// A module of its own so that the page reader's thread (readPage.worker.ts) decodes without loading
// the fetcher.

/** An undecoded body (SafeFetchOptions.bodyAs 'bytes'). */
export interface RawBody {
  /** The body's bytes, in an ArrayBuffer of their own (so it can be transferred to another thread). */
  bytes: Uint8Array;
  /** The charset the answer declared, as TextDecoder names it; UTF-8 when it declared none or an unknown one. */
  encoding: string;
}

/**
 * The text of a body read as bytes; for a body cut off at the size limit, without a last partial
 * character. The same text BodyText decodes as the chunks come in.
 */
export function decodeRawBody(raw: RawBody, truncated: boolean): string {
  return new TextDecoder(raw.encoding).decode(raw.bytes, { stream: truncated });
}
