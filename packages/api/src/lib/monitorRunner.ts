import type { Monitor } from '@pac/db';
import { type CheckOutcome, ConnectionPool, HostSpacer } from '@pac/monitor';
import type { MonitorConfig } from '../config';

/** What one monitor check did (monitoring/service.ts `runCheck`). */
export interface CheckResult {
  monitorId: number;
  outcome: CheckOutcome['kind'];
  snapshotId: number;
  changeId: number | null;
  status: Monitor['status'];
  durationMs: number;
}

/** What the runner lends every check: the shared host spacer and the connections kept between checks. */
export interface CheckTools {
  spacer: HostSpacer;
  connections: ConnectionPool;
}

/**
 * The queue every monitor check goes through, for the loop, 'Check All' and per-monitor rechecks
 * alike: at most `concurrency` at once, never the same monitor twice at once (a second request
 * joins the check under way), and checks of one host spread out in time (MONITOR_HOST_SPACING_MS).
 * What a check does is the monitoring service's; this only decides when it runs. One per Runtime.
 */
export class MonitorRunner {
  private readonly inFlight = new Map<number, Promise<CheckResult>>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private readonly tools: CheckTools;

  constructor(private readonly config: Pick<MonitorConfig, 'concurrency' | 'hostSpacingMs'>) {
    this.tools = { spacer: new HostSpacer(config.hostSpacingMs), connections: new ConnectionPool() };
  }

  private async slot<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.config.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Runs `check` for this monitor when a slot is free, or joins the check of it already under way. */
  check(monitorId: number, check: (tools: CheckTools) => Promise<CheckResult>): Promise<CheckResult> {
    const existing = this.inFlight.get(monitorId);
    if (existing) return existing;
    const run = this.slot(() => check(this.tools)).finally(() => this.inFlight.delete(monitorId));
    this.inFlight.set(monitorId, run);
    return run;
  }

  /** Whether a check of this monitor is queued or running. */
  isChecking(monitorId: number): boolean {
    return this.inFlight.has(monitorId);
  }

  /** The monitors whose check is queued or running (what `idle` now would wait for), and how many run. */
  pending(): { monitorIds: number[]; running: number; queued: number } {
    return { monitorIds: [...this.inFlight.keys()], running: this.running, queued: this.waiting.length };
  }

  /** Resolves when every check under way has finished. */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Closes the connections kept between checks (at shutdown, once the checks are done). */
  closeConnections(): Promise<void> {
    return this.tools.connections.close();
  }
}
