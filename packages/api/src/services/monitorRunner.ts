import { type Db, type Monitor, monitors } from '@pac/db';
import { HostSpacer } from '@pac/monitor';
import { eq } from 'drizzle-orm';
import type { ApiConfig } from '../context';
import { type CheckResult, dueMonitors, monitorConfig, runCheck } from './monitoring';

/**
 * Runs monitor checks for the loop, 'Check All' and per-monitor rechecks alike: at most
 * `concurrency` at once, never the same monitor twice at once (a second request joins the check
 * under way), and checks of one host spread out in time.
 */
export class MonitorRunner {
  private readonly inFlight = new Map<number, Promise<CheckResult>>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private readonly spacer: HostSpacer;

  constructor(
    private readonly db: Db,
    private readonly config: ApiConfig,
  ) {
    this.spacer = new HostSpacer(config.monitor.hostSpacingMs);
  }

  private async slot<T>(task: () => Promise<T>): Promise<T> {
    const limit = monitorConfig(this.config).concurrency;
    if (this.running >= limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Checks one monitor (joining a check of it already under way). */
  check(monitor: Monitor): Promise<CheckResult> {
    const existing = this.inFlight.get(monitor.id);
    if (existing) return existing;
    const run = this.slot(() => {
      // Re-read: the row may have changed (or gone) while waiting for a slot.
      const fresh = this.db.select().from(monitors).where(eq(monitors.id, monitor.id)).get() ?? monitor;
      return runCheck(this.db, this.config, fresh, this.spacer);
    }).finally(() => this.inFlight.delete(monitor.id));
    this.inFlight.set(monitor.id, run);
    return run;
  }

  /** Checks these monitors; one failing check never stops the others. */
  async checkAll(list: Monitor[]): Promise<{ results: CheckResult[]; errors: number }> {
    const settled = await Promise.allSettled(list.map((m) => this.check(m)));
    const results = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    for (const s of settled) if (s.status === 'rejected') console.error('Monitor check failed:', s.reason);
    return { results, errors: settled.length - results.length };
  }

  /** The loop's tick: every monitor that is due. */
  runDue(now = new Date()): Promise<{ results: CheckResult[]; errors: number }> {
    return this.checkAll(dueMonitors(this.db, now).filter((m) => !this.inFlight.has(m.id)));
  }

  /** Resolves when every check under way has finished. */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.inFlight.values()]);
  }
}
