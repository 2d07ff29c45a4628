import { join } from 'node:path';
import { Api, inDays, signupBody } from '../lib/api';
import { appEnv } from '../lib/app-env';
import { capacityCheck, copyDatabase, withDb } from '../lib/db';
import { alternate, load, type LoadResult, roundsPerSide } from '../lib/load';
import { ms, perSecond, ratio, row, type Section } from '../lib/report';
import { startChild } from '../lib/spawn';

const connections = 64;
const smallSlots = 200;
const smallCapacity = 5;
/** The 409 path against the baseline (≥ 0.6× while @trpc/server was patched; patches/README.md). */
const refusedTarget = 0.5;
const statusLine = (r: LoadResult) =>
  Object.entries(r.statuses)
    .map(([code, n]) => `${n} × ${code}`)
    .join(', ') + (r.errors ? `, ${r.errors} errors (${r.timeouts} timeouts)` : '');

const roundLine = (rounds: LoadResult[]) => rounds.map((r) => `${r.rps.toFixed(0)}/s ${ms(r.p99)}`).join(', ');

/**
 * 1. POST /api/volunteers under 64 connections, a distinct email on every request: first on one slot
 * that never fills (every answer 201), then spread over 200 slots of 5 (a few 201s, then 409s).
 */
export async function signupBenchmark(root: string, seconds: number): Promise<Section> {
  const appDir = join(root, 'signups-app');
  const env = appEnv(appDir);
  const appDb = env.DATABASE_PATH ?? '';
  const baseDb = join(root, 'signups-baseline.sqlite');

  const app = await startChild('app', env);
  const api = new Api(app.url);
  await api.login();
  const sheetId = await api.createSheet('Bench: open slot', inDays(30));
  const bigSlot = await api.createSlot(sheetId, 'Everyone welcome', 10_000);
  const smallSheet = await api.createSheet('Bench: small slots', inDays(31));
  const small: number[] = [];
  for (let i = 0; i < smallSlots; i++)
    small.push(await api.createSlot(smallSheet, `Table ${String(i).padStart(3, '0')}`, smallCapacity));
  // The API caps a slot at 10 000; the run needs one slot that never fills, so raise it in SQL.
  withDb(appDb, (sqlite) =>
    sqlite.prepare('UPDATE volunteer_slots SET max_volunteers = 10000000 WHERE id = ?').run(bigSlot),
  );
  copyDatabase(appDb, baseDb);
  const baseline = await startChild('baseline', { BENCH_DB: baseDb });

  let n = 0;
  const open = (url: string, duration: number, tag: string) =>
    load({
      url,
      connections,
      duration,
      method: 'POST',
      path: '/api/volunteers',
      body: () => signupBody(bigSlot, n++, tag),
    });
  const spread = (url: string, duration: number, tag: string) =>
    load({
      url,
      connections,
      duration,
      method: 'POST',
      path: '/api/volunteers',
      body: () => {
        const i = n++;
        return signupBody(small[i % small.length] ?? 0, i, tag);
      },
    });

  try {
    // Warm-up (JIT, page cache) for both, not measured.
    await open(app.url, 1, 'w');
    await open(baseline.url, 1, 'w');
    const urls = { app: app.url, baseline: baseline.url };
    const openRuns = await alternate((target, t) => open(urls[target], t, target === 'app' ? 'a' : 'b'), seconds);
    const fullRuns = await alternate((target, t) => spread(urls[target], t, target === 'app' ? 'c' : 'd'), seconds);
    const { app: appOpen, baseline: baseOpen } = openRuns;
    const { app: appFull, baseline: baseFull } = fullRuns;
    await app.stop();
    await baseline.stop();
    const appCheck = capacityCheck(appDb);
    const baseCheck = capacityCheck(baseDb);

    const name = 'Signup write';
    const only201 = (r: LoadResult) => r.errors === 0 && Object.keys(r.statuses).every((code) => code === '201');
    const expected201 = smallSlots * smallCapacity;
    const filledExactly = (r: LoadResult) =>
      r.errors === 0 &&
      r.statuses['201'] === expected201 &&
      Object.keys(r.statuses).every((c) => c === '201' || c === '409');
    const rpsRatio = appOpen.rps / baseOpen.rps;
    return {
      title: '1. Signup write path — POST /api/volunteers, 64 connections',
      rows: [
        row(name, 'req/s, open slot (all 201)', perSecond(appOpen.rps), {
          baseline: perSecond(baseOpen.rps),
          ratio: ratio(appOpen.rps, baseOpen.rps),
          target: '≥ 0.5×',
          pass: rpsRatio >= 0.5 && only201(appOpen),
        }),
        row(name, 'p50 latency, open slot', ms(appOpen.p50), {
          baseline: ms(baseOpen.p50),
          ratio: ratio(appOpen.p50, baseOpen.p50),
        }),
        row(name, 'p99 latency, open slot', ms(appOpen.p99), {
          baseline: ms(baseOpen.p99),
          ratio: ratio(appOpen.p99, baseOpen.p99),
          target: '< 50 ms',
          pass: appOpen.p99 < 50,
        }),
        row(name, `req/s, ${smallSlots} slots of ${smallCapacity} (409 once full)`, perSecond(appFull.rps), {
          baseline: perSecond(baseFull.rps),
          ratio: ratio(appFull.rps, baseFull.rps),
          target: `≥ ${refusedTarget}×`,
          pass: appFull.rps / baseFull.rps >= refusedTarget && filledExactly(appFull),
        }),
        row(name, 'p99 latency, full slots', ms(appFull.p99), {
          baseline: ms(baseFull.p99),
          ratio: ratio(appFull.p99, baseFull.p99),
          target: '< 50 ms',
          pass: appFull.p99 < 50,
        }),
        row(name, 'slots over capacity or miscounted (SQL)', String(appCheck.overfilled + appCheck.miscounted), {
          baseline: String(baseCheck.overfilled + baseCheck.miscounted),
          target: '0',
          pass: appCheck.overfilled === 0 && appCheck.miscounted === 0,
        }),
      ],
      details: [
        `Open slot, app: ${statusLine(appOpen)}; p50 ${ms(appOpen.p50)}, p99 ${ms(appOpen.p99)}.`,
        `Open slot, baseline: ${statusLine(baseOpen)}; p50 ${ms(baseOpen.p50)}, p99 ${ms(baseOpen.p99)}.`,
        `Full slots, app: ${statusLine(appFull)} (expected exactly ${expected201} × 201); p50 ${ms(appFull.p50)}.`,
        `Full slots, baseline: ${statusLine(baseFull)}; p50 ${ms(baseFull.p50)}.`,
        `After the runs (SQL over every slot), app: ${appCheck.volunteers} volunteers in ${appCheck.slots} slots, ${appCheck.overfilled} over capacity, ${appCheck.miscounted} with current_volunteers ≠ rows; baseline: ${baseCheck.volunteers} volunteers, ${baseCheck.overfilled} over, ${baseCheck.miscounted} miscounted.`,
        `Rounds (req/s, p99), app: ${roundLine(openRuns.rounds.app)} | ${roundLine(fullRuns.rounds.app)}; baseline: ${roundLine(openRuns.rounds.baseline)} | ${roundLine(fullRuns.rounds.baseline)} (open | full).`,
        `Each request carries a distinct email (autocannon setupRequest). ${seconds} s per figure: ${roundsPerSide} rounds of ${seconds / roundsPerSide} s per side, alternating app and baseline (A B B A …) after a 1 s warm-up of each; each figure is the median round's. Server and baseline each run in their own process, autocannon in the runner.`,
      ],
    };
  } finally {
    await app.stop();
    await baseline.stop();
  }
}
