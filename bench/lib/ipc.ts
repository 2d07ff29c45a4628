/** The messages a benchmark child and the runner exchange over the fork IPC channel. */

export interface MemoryFigures {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  /** Highest RSS sampled (every 50 ms) since the last `peak-reset`. */
  peakRss: number;
}

export interface FetchPassResult {
  ms: number;
  statuses: Record<string, number>;
  etags: (string | null)[];
  peakRss: number;
}

export type ToChild =
  | { type: 'memory'; gc: boolean }
  | { type: 'peak-reset' }
  | { type: 'fetch'; urls: string[]; etags: (string | null)[]; concurrency: number }
  | { type: 'stop' };

export type FromChild =
  | { type: 'ready'; url: string }
  | ({ type: 'memory' } & MemoryFigures)
  | ({ type: 'fetched' } & FetchPassResult)
  | { type: 'failed'; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const toChildTypes = new Set(['memory', 'peak-reset', 'fetch', 'stop']);
const fromChildTypes = new Set(['ready', 'memory', 'fetched', 'failed']);

/** The IPC channel carries only what this file declares; anything else is a bug worth failing on. */
export function isToChild(value: unknown): value is ToChild {
  return isRecord(value) && typeof value.type === 'string' && toChildTypes.has(value.type);
}

export function isFromChild(value: unknown): value is FromChild {
  return isRecord(value) && typeof value.type === 'string' && fromChildTypes.has(value.type);
}
