import { describe, expect, it } from 'vitest';
import { type CheckResult, type CheckTools, MonitorRunner } from './monitorRunner';

/** A check that runs until the test lets it finish. */
function heldCheck(monitorId: number) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const result: CheckResult = {
    monitorId,
    outcome: 'unchanged',
    snapshotId: monitorId,
    changeId: null,
    status: 'active',
    durationMs: 1,
  };
  let started = 0;
  const seen: CheckTools[] = [];
  const run = async (tools: CheckTools): Promise<CheckResult> => {
    started += 1;
    seen.push(tools);
    await done;
    return result;
  };
  return {
    run,
    finish: () => finish(),
    started: () => started,
    seen,
    result,
  };
}

/** Lets every promise callback that is ready run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('MonitorRunner', () => {
  it('runs at most `concurrency` checks at once and starts the next as one finishes', async () => {
    const runner = new MonitorRunner({ concurrency: 2, hostSpacingMs: 0 });
    const checks = [1, 2, 3].map(heldCheck);
    const runs = checks.map((c, i) => runner.check(i + 1, c.run));
    await settle();
    expect(checks.map((c) => c.started())).toEqual([1, 1, 0]);
    checks[0]?.finish();
    await settle();
    expect(checks.map((c) => c.started())).toEqual([1, 1, 1]);
    for (const c of checks) c.finish();
    expect(await Promise.all(runs)).toEqual(checks.map((c) => c.result));
    await runner.idle();
    expect(runner.isChecking(1)).toBe(false);
  });

  it('tells which checks are running and which wait for a slot, until they are done', async () => {
    const runner = new MonitorRunner({ concurrency: 1, hostSpacingMs: 0 });
    expect(runner.pending()).toEqual({ monitorIds: [], running: 0, queued: 0 });
    const checks = [4, 9].map(heldCheck);
    const runs = checks.map((c) => runner.check(c.result.monitorId, c.run));
    await settle();
    expect(runner.pending()).toEqual({ monitorIds: [4, 9], running: 1, queued: 1 });
    checks[0]?.finish();
    await runs[0];
    await settle();
    expect(runner.pending()).toEqual({ monitorIds: [9], running: 1, queued: 0 });
    checks[1]?.finish();
    await runner.idle();
    expect(runner.pending()).toEqual({ monitorIds: [], running: 0, queued: 0 });
  });

  it('joins a check of the same monitor already under way', async () => {
    const runner = new MonitorRunner({ concurrency: 4, hostSpacingMs: 0 });
    const check = heldCheck(7);
    const first = runner.check(7, check.run);
    const second = runner.check(7, check.run);
    expect(second).toBe(first);
    expect(runner.isChecking(7)).toBe(true);
    await settle();
    check.finish();
    await first;
    expect(check.started()).toBe(1);
  });

  it('lends every check the same host spacer and the same kept connections', async () => {
    const runner = new MonitorRunner({ concurrency: 4, hostSpacingMs: 250 });
    const checks = [1, 2].map(heldCheck);
    const runs = checks.map((c, i) => runner.check(i + 1, c.run));
    await settle();
    for (const c of checks) c.finish();
    await Promise.all(runs);
    const [a, b] = checks.map((c) => c.seen[0]);
    expect(a?.spacer.minGapMs).toBe(250);
    expect(a?.spacer).toBe(b?.spacer);
    expect(a?.connections).toBe(b?.connections);
  });
});
