import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** Measured seconds. */
  seconds: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds; or `amount` requests. */
  duration?: number;
  amount?: number;
  method?: 'GET' | 'POST';
  path: string;
  /** A fresh body for every request (a distinct email each time). */
  body?: () => Record<string, unknown>;
  /** Request headers (a browser's Accept and Accept-Encoding, say). */
  headers?: Record<string, string>;
  /**
   * Called with every answer and the body (from `body()`) of the request it answers, to check
   * afterwards what each request did. Makes autocannon keep every answer's body: for correctness
   * runs, not for req/s figures.
   */
  onResponse?: (status: number, answer: string, sent: Record<string, unknown>) => void;
}

/** One autocannon run; every request's body comes from `body()` when given. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const request: autocannon.Request = {
    method: options.method ?? 'GET',
    path: options.path,
    headers: { ...options.headers, ...(options.body ? { 'content-type': 'application/json' } : {}) },
  };
  const makeBody = options.body;
  const onResponse = options.onResponse;
  if (makeBody)
    // The body is kept in the connection's context (one request in flight per connection, and
    // autocannon reports an answer before it builds that connection's next request).
    request.setupRequest = (req, context: { sent?: Record<string, unknown> }) => {
      const sent = makeBody();
      context.sent = sent;
      return { ...req, body: JSON.stringify(sent) };
    };
  if (onResponse)
    request.onResponse = (status, answer, context: { sent?: Record<string, unknown> }) =>
      onResponse(status, answer, context.sent ?? {});
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    ...(options.amount === undefined ? { duration: options.duration ?? 10 } : { amount: options.amount }),
    requests: [request],
    timeout: 30,
  });
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  return {
    // Answers per second over the whole run (autocannon's average of 1-second samples drops the last part-second).
    rps: (result['2xx'] + result.non2xx) / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result['2xx'] + result.non2xx,
    seconds: result.duration,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * Several rounds of one measurement as one figure: the median round's req/s, p50 and p99 (robust
 * to one round that another process on the machine disturbed), with the answers summed.
 */
export function combine(rounds: LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => rounds.reduce((n, r) => n + pick(r), 0);
  const statuses: Record<string, number> = {};
  for (const r of rounds)
    for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  return {
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    total: sum((r) => r.total),
    seconds: sum((r) => r.seconds),
    statuses,
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
  };
}

export const roundsPerSide = 4;

/**
 * Measures several targets in turn, `seconds` in all for each, in rounds whose order reverses every
 * round (A B C, C B A, …), so that drift on a shared machine (other processes, fsync latency that
 * wanders) weighs on every side alike.
 */
export async function rotate<K extends string>(
  targets: readonly K[],
  measure: (target: K, seconds: number) => Promise<LoadResult>,
  seconds: number,
): Promise<{ combined: Record<K, LoadResult>; rounds: Record<K, LoadResult[]> }> {
  const each = seconds / roundsPerSide;
  const rounds = Object.fromEntries(targets.map((t) => [t, [] as LoadResult[]])) as Record<K, LoadResult[]>;
  for (let i = 0; i < roundsPerSide; i++) {
    const order = i % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) rounds[target].push(await measure(target, each));
  }
  const combined = Object.fromEntries(targets.map((t) => [t, combine(rounds[t])])) as Record<K, LoadResult>;
  return { combined, rounds };
}

/** `rotate` over the app and its baseline: A B B A A B B A. */
export async function alternate(
  measure: (target: 'app' | 'baseline', seconds: number) => Promise<LoadResult>,
  seconds: number,
): Promise<{ app: LoadResult; baseline: LoadResult; rounds: { app: LoadResult[]; baseline: LoadResult[] } }> {
  const { combined, rounds } = await rotate(['app', 'baseline'] as const, measure, seconds);
  return { app: combined.app, baseline: combined.baseline, rounds };
}
