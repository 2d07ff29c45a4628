import type { RawBody } from './decode.ts';

/** A downloaded page for the reader's thread to read (reader.ts, readPage.worker.ts). */
export interface ReadJob {
  id: number;
  /** The page's bytes (transferred to the thread, not copied) and the charset to decode them in. */
  raw: RawBody;
  /** The page passed the size limit and was cut off: a partial last character is left out. */
  truncated: boolean;
  selectors: string[];
  ignoreSelectors: string[];
  filterFutureEvents: boolean;
  /** Today for filterFutureEvents, as epoch milliseconds. */
  now: number;
  timeZone: string | undefined;
}

/** What the reader's thread answers for one job. */
export type ReadReply =
  | { id: number; kind: 'read'; elementsFound: number; text: string; hash: string }
  /** A selector the parser cannot read. */
  | { id: number; kind: 'selector'; selector: string }
  | { id: number; kind: 'failed'; message: string };
