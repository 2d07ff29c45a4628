import {
  classifyChange,
  isRecentVersion,
  lineDiff,
  severityOf,
  summarizeChange,
  type ChangeType,
  type LineDiff,
  type Severity,
} from './diff.ts';
import {
  loadUndici,
  MonitorFetchError,
  safeFetch,
  type HostSpacer,
  type MonitorFetchErrorKind,
  type SafeFetchOptions,
} from './fetch.ts';
import { pageReader, type PageReader } from './reader.ts';
import { InvalidSelectorError } from './selectorError.ts';
import { checkMonitorUrl } from './url.ts';

/**
 * Loads what a check runs on (the fetcher, and the page reader's thread with the HTML parser) now
 * rather than on the first check, for a server that will check pages: it has monitors, or one was
 * just added. The first check then does not wait for them (~50 ms each). Never throws; a failed load
 * shows on the check itself. The HTML parser is never loaded on this thread (reader.ts).
 */
export function prepareChecks(): void {
  loadUndici().catch(() => undefined);
  pageReader().warm();
}

export const EXCERPT_MAX_CHARS = 500;

const SURROGATE = /[\ud800-\udfff]/;

export interface MonitorToCheck {
  url: string;
  selectors: string[];
  ignoreSelectors: string[];
  filterFutureEvents: boolean;
  /** Used in the change summary; defaults to the URL's host. */
  name?: string;
}

export interface PreviousState {
  /** Hash of the last successful snapshot; null before the first success. */
  hash: string | null;
  /**
   * Its text, or a function that reads it: only a changed page needs the previous text (for the
   * diff), so a caller that keeps it elsewhere need not read it for every check.
   */
  text: string | (() => string) | null;
  etag?: string;
  lastModified?: string;
  /** Hashes of the last few successful snapshots (may include `hash`). */
  recentHashes: string[];
}

export interface CheckOptions extends Omit<SafeFetchOptions, 'etag' | 'lastModified'> {
  /** Today's date for filterFutureEvents. Default: now. */
  now?: Date;
  /** The school's time zone, whose calendar says what 'today' is. Default: the process's. */
  timeZone?: string;
  /** Shared spacer, so checks of one school host are spread out. */
  spacer?: HostSpacer;
  /** Where pages are parsed. Default: the process's page reader thread. */
  reader?: PageReader;
}

/** The snapshot status (SPEC.md section 4) the caller should record for an outcome. */
export type SnapshotStatus = 'success' | 'error' | 'timeout';

interface Common {
  durationMs: number;
  /** Validators to store for the next conditional request. */
  etag?: string;
  lastModified?: string;
}

interface WithContent extends Common {
  snapshotStatus: 'success';
  text: string;
  hash: string;
  /** The start of the text, at most 500 characters. */
  excerpt: string;
  elementsFound: number;
  finalUrl: string;
  /** The page passed maxBytes and only its start was read. */
  truncated: boolean;
}

export type CheckOutcome =
  /** Downloaded and read: the same text as before. */
  | (WithContent & { kind: 'unchanged'; notModified: false })
  /**
   * The server answered 304 Not Modified: nothing was downloaded, so nothing was read or counted,
   * and the previous content (its hash here) stands.
   */
  | (Common &
      Pick<WithContent, 'hash' | 'finalUrl'> & {
        kind: 'unchanged';
        snapshotStatus: 'success';
        notModified: true;
        elementsFound: null;
        truncated: false;
      })
  /** First successful check: the content becomes the baseline and no change is announced. */
  | (WithContent & { kind: 'baseline' })
  | (WithContent & {
      kind: 'changed';
      changeType: ChangeType;
      summary: string;
      diff: LineDiff;
      severity: Severity;
    })
  /** The content is back to one of the recent versions: stored, but not announced as a change. */
  | (WithContent & { kind: 'reverted' })
  | (Common & {
      kind: 'error';
      snapshotStatus: 'error' | 'timeout';
      errorKind: MonitorFetchErrorKind | 'selector' | 'invalid-url';
      message: string;
      elementsFound: number | null;
      /** HTTP status, for errorKind 'http'. */
      status?: number;
    });

/** The start of a text, cut on a character boundary, at most `max` characters including the ellipsis. */
export function excerptOf(text: string, max = EXCERPT_MAX_CHARS): string {
  // Only a prefix can hold the excerpt: a character is at most two UTF-16 units, so `2 * max` units
  // are enough. Splitting the whole page into characters cost half a millisecond per check.
  const prefix = text.slice(0, 2 * max + 2);
  // Without surrogates every character is one unit, and the prefix need not be split either.
  if (!SURROGATE.test(prefix)) return text.length <= max ? text : `${prefix.slice(0, max - 1)}…`;
  const chars = Array.from(prefix);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * Checks one monitor once: fetches the page safely, extracts the watched text, and compares it with
 * the previous successful snapshot. Never throws; every failure is an 'error' outcome.
 */
export async function checkPage(
  monitor: MonitorToCheck,
  previous: PreviousState,
  opts: CheckOptions,
): Promise<CheckOutcome> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  const validators = {
    ...(previous.etag === undefined ? {} : { etag: previous.etag }),
    ...(previous.lastModified === undefined ? {} : { lastModified: previous.lastModified }),
  };

  const urlCheck = checkMonitorUrl(monitor.url, opts);
  if (!urlCheck.ok) {
    return {
      kind: 'error',
      snapshotStatus: 'error',
      errorKind: 'invalid-url',
      message: urlCheck.reason,
      elementsFound: null,
      durationMs: elapsed(),
      ...validators,
    };
  }
  const name = monitor.name ?? urlCheck.url.hostname;

  try {
    await opts.spacer?.wait(urlCheck.url.hostname);
    // Validators only make sense against a stored baseline to fall back on.
    const conditional = previous.hash !== null && previous.text !== null ? validators : {};
    // Read as bytes: they are decoded on the page reader's thread, and never held as a string here.
    const fetched = await safeFetch(urlCheck.url, { ...opts, ...conditional, bodyAs: 'bytes' });
    // A 304 may omit the validators; keep the ones that still describe the stored content.
    const etag = fetched.etag ?? previous.etag;
    const lastModified = fetched.lastModified ?? previous.lastModified;
    const stored = {
      ...(etag === undefined ? {} : { etag }),
      ...(lastModified === undefined ? {} : { lastModified }),
    };

    if (fetched.notModified && previous.hash !== null && previous.text !== null) {
      return {
        kind: 'unchanged',
        snapshotStatus: 'success',
        notModified: true,
        hash: previous.hash,
        elementsFound: null,
        finalUrl: fetched.finalUrl,
        truncated: false,
        durationMs: elapsed(),
        ...stored,
      };
    }

    const read = await (opts.reader ?? pageReader()).read({
      raw: fetched.raw ?? { bytes: new TextEncoder().encode(fetched.body), encoding: 'utf-8' },
      truncated: fetched.truncated,
      selectors: monitor.selectors,
      ignoreSelectors: monitor.ignoreSelectors,
      filterFutureEvents: monitor.filterFutureEvents,
      now: (opts.now ?? new Date()).getTime(),
      timeZone: opts.timeZone,
    });
    if (read.kind === 'selector') throw new InvalidSelectorError(read.selector, undefined);
    if (read.kind === 'failed') throw new Error(read.message);
    if (read.elementsFound === 0) {
      const message = fetched.truncated
        ? `selector not found (only the first ${opts.maxBytes ?? 'limit'} bytes of the page were read)`
        : 'selector not found';
      return {
        kind: 'error',
        snapshotStatus: 'error',
        errorKind: 'selector',
        message,
        elementsFound: 0,
        durationMs: elapsed(),
        ...stored,
      };
    }
    const { text, hash } = read;
    const content = {
      snapshotStatus: 'success' as const,
      text,
      hash,
      excerpt: excerptOf(text),
      elementsFound: read.elementsFound,
      finalUrl: fetched.finalUrl,
      truncated: fetched.truncated,
      durationMs: elapsed(),
      ...stored,
    };

    if (previous.hash === null) return { kind: 'baseline', ...content };
    if (hash === previous.hash) return { kind: 'unchanged', notModified: false, ...content };
    if (isRecentVersion(hash, previous.recentHashes)) return { kind: 'reverted', ...content };

    const previousText = typeof previous.text === 'function' ? previous.text() : previous.text;
    const diff = lineDiff(previousText ?? '', text);
    return {
      kind: 'changed',
      changeType: classifyChange(previousText, text),
      summary: summarizeChange(diff, name),
      diff,
      severity: severityOf(diff),
      ...content,
    };
  } catch (err) {
    if (err instanceof MonitorFetchError) {
      return {
        kind: 'error',
        snapshotStatus: err.kind === 'timeout' ? 'timeout' : 'error',
        errorKind: err.kind,
        message: err.message,
        elementsFound: null,
        durationMs: elapsed(),
        ...(err.status === undefined ? {} : { status: err.status }),
        ...validators,
      };
    }
    if (err instanceof InvalidSelectorError) {
      return {
        kind: 'error',
        snapshotStatus: 'error',
        errorKind: 'selector',
        message: err.message,
        elementsFound: null,
        durationMs: elapsed(),
        ...validators,
      };
    }
    const message = err instanceof Error ? err.message : String(err);
    return {
      kind: 'error',
      snapshotStatus: 'error',
      errorKind: 'network',
      message: `Check failed: ${message}`,
      elementsFound: null,
      durationMs: elapsed(),
      ...validators,
    };
  }
}
