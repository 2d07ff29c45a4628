import { join } from 'node:path';
import { Api, inDays, multiSignupBody, signupBody } from '../lib/api';
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
/** Slots in one multi-slot signup (`slotIds`). */
const multiWidth = 5;
/**
 * The multi-slot capacity run: a ring of small slots, each signup taking `multiWidth` consecutive
 * ones from a start scattered by a hash of its number. (Starts taken in order fill the ring exactly,
 * 50 signups of 5, and no signup ever meets a full slot after one with room: the rollback would go
 * untested.)
 */
const ringSlots = 50;
const ringCapacity = 5;
/** Requests per side in the capacity run (20 per connection): the ring is full long before the end. */
const ringRequests = connections * 20;
const statusLine = (r: LoadResult) =>
  Object.entries(r.statuses)
    .map(([code, n]) => `${n} × ${code}`)
    .join(', ') + (r.errors ? `, ${r.errors} errors (${r.timeouts} timeouts)` : '');

const roundLine = (rounds: LoadResult[]) => rounds.map((r) => `${r.rps.toFixed(0)}/s ${ms(r.p99)}`).join(', ');

/** A well-mixed 32-bit hash of `n` (lowbias32), for starts that look random but repeat from run to run. */
function scatter(n: number): number {
  let x = n >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

/** What the server answered one multi-slot signup of the capacity run, by its email. */
interface MultiAnswer {
  status: number;
  slotIds: number[];
}

/**
 * All or nothing, checked by email in SQL: a signup answered 201 holds exactly a row on each of its
 * slots, one answered 409 holds none, and no other email has rows on the sheet. Returns how many
 * emails break that.
 */
function partialSignups(path: string, sheetId: number, answers: Map<string, MultiAnswer>): number {
  const held = new Map<string, number[]>();
  withDb(path, (sqlite) => {
    const rows = sqlite
      .prepare<[number], { email: string; slot_id: number }>(
        'SELECT v.email, v.slot_id FROM volunteers v JOIN volunteer_slots s ON s.id = v.slot_id WHERE s.signup_sheet_id = ?',
      )
      .all(sheetId);
    for (const r of rows) held.set(r.email, [...(held.get(r.email) ?? []), r.slot_id]);
  });
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b).join(',');
  let broken = 0;
  for (const [email, answer] of answers) {
    const slots = held.get(email) ?? [];
    held.delete(email);
    if (answer.status === 201 ? sorted(slots) !== sorted(answer.slotIds) : answer.status !== 409 || slots.length > 0)
      broken++;
  }
  return broken + held.size;
}

/**
 * 1. POST /api/volunteers under 64 connections, a distinct email on every request: first on one slot
 * that never fills (every answer 201), then spread over 200 slots of 5 (a few 201s, then 409s); then
 * signups for 5 slots at once (`slotIds`): on 5 slots that never fill (every answer 201), and a
 * capacity run over a ring of 50 slots of 5, each signup taking 5 consecutive slots.
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
  // Multi-slot signups (`slotIds`, all slots of one sheet): five slots that never fill...
  const multiSheet = await api.createSheet('Bench: five open slots', inDays(32));
  const multiSlots: number[] = [];
  for (let i = 0; i < multiWidth; i++) multiSlots.push(await api.createSlot(multiSheet, `Shift ${i + 1}`, 10_000));
  // ...and a ring of small slots that overlapping signups fill.
  const ringSheet = await api.createSheet('Bench: ring of small slots', inDays(33));
  const ring: number[] = [];
  for (let i = 0; i < ringSlots; i++)
    ring.push(await api.createSlot(ringSheet, `Ring ${String(i).padStart(2, '0')}`, ringCapacity));
  // The API caps a slot at 10 000; the run needs slots that never fill, so raise them in SQL.
  withDb(appDb, (sqlite) => {
    const raise = sqlite.prepare('UPDATE volunteer_slots SET max_volunteers = 10000000 WHERE id = ?');
    for (const id of [bigSlot, ...multiSlots]) raise.run(id);
  });
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

  const openMulti = (url: string, duration: number, tag: string) =>
    load({
      url,
      connections,
      duration,
      method: 'POST',
      path: '/api/volunteers',
      body: () => multiSignupBody(multiSlots, n++, tag),
    });
  /**
   * A fixed number of requests, so that every request sent is answered and recorded. Timed to the
   * last answer: autocannon notices the end of an `amount` run only on its next 1 s sample.
   */
  const ringRun = async (url: string, tag: string, answers: Map<string, MultiAnswer>) => {
    const t0 = performance.now();
    let last = t0;
    const result = await load({
      url,
      connections,
      amount: ringRequests,
      method: 'POST',
      path: '/api/volunteers',
      body: () => {
        const i = n++;
        const start = scatter(i) % ringSlots;
        const slotIds = Array.from({ length: multiWidth }, (_, k) => ring[(start + k) % ringSlots] ?? 0);
        return multiSignupBody(slotIds, i, tag);
      },
      onResponse: (status, _answer, sent) => {
        last = performance.now();
        if (typeof sent.email === 'string' && Array.isArray(sent.slotIds))
          answers.set(sent.email, { status, slotIds: sent.slotIds as number[] });
      },
    });
    return { ...result, millis: last - t0 };
  };

  try {
    // Warm-up (JIT, page cache) for both, not measured.
    await open(app.url, 1, 'w');
    await open(baseline.url, 1, 'w');
    const urls = { app: app.url, baseline: baseline.url };
    const openRuns = await alternate((target, t) => open(urls[target], t, target === 'app' ? 'a' : 'b'), seconds);
    const fullRuns = await alternate((target, t) => spread(urls[target], t, target === 'app' ? 'c' : 'd'), seconds);
    // The multi-slot path's own warm-up, then its figure.
    await openMulti(app.url, 1, 'x');
    await openMulti(baseline.url, 1, 'x');
    const multiRuns = await alternate((target, t) => openMulti(urls[target], t, target === 'app' ? 'e' : 'f'), seconds);
    const appAnswers = new Map<string, MultiAnswer>();
    const baseAnswers = new Map<string, MultiAnswer>();
    const appRing = await ringRun(app.url, 'g', appAnswers);
    const baseRing = await ringRun(baseline.url, 'h', baseAnswers);
    const { app: appOpen, baseline: baseOpen } = openRuns;
    const { app: appFull, baseline: baseFull } = fullRuns;
    const { app: appMulti, baseline: baseMulti } = multiRuns;
    await app.stop();
    await baseline.stop();
    const appCheck = capacityCheck(appDb);
    const baseCheck = capacityCheck(baseDb);
    const appMultiCheck = capacityCheck(appDb, [multiSheet, ringSheet]);
    const baseMultiCheck = capacityCheck(baseDb, [multiSheet, ringSheet]);
    const appRingTaken = capacityCheck(appDb, [ringSheet]).volunteers;
    const baseRingTaken = capacityCheck(baseDb, [ringSheet]).volunteers;
    const appPartial = partialSignups(appDb, ringSheet, appAnswers);
    const basePartial = partialSignups(baseDb, ringSheet, baseAnswers);

    const name = 'Signup write';
    const only201 = (r: LoadResult) => r.errors === 0 && Object.keys(r.statuses).every((code) => code === '201');
    const expected201 = smallSlots * smallCapacity;
    const filledExactly = (r: LoadResult) =>
      r.errors === 0 &&
      r.statuses['201'] === expected201 &&
      Object.keys(r.statuses).every((c) => c === '201' || c === '409');
    const rpsRatio = appOpen.rps / baseOpen.rps;
    /** The capacity run: every request answered 201 or 409 (both seen), and recorded. */
    const ringAnswered = (r: LoadResult, answers: Map<string, MultiAnswer>) =>
      r.errors === 0 &&
      r.total === ringRequests &&
      answers.size === ringRequests &&
      (r.statuses['201'] ?? 0) > 0 &&
      (r.statuses['409'] ?? 0) > 0 &&
      Object.keys(r.statuses).every((c) => c === '201' || c === '409');
    const ringPlaces = ringSlots * ringCapacity;
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
        row(name, `req/s, ${multiWidth}-slot signup, open slots (all 201)`, perSecond(appMulti.rps), {
          baseline: perSecond(baseMulti.rps),
          ratio: ratio(appMulti.rps, baseMulti.rps),
          target: '≥ 0.5×',
          pass: appMulti.rps / baseMulti.rps >= 0.5 && only201(appMulti),
        }),
        row(name, `p99 latency, ${multiWidth}-slot signup, open slots`, ms(appMulti.p99), {
          baseline: ms(baseMulti.p99),
          ratio: ratio(appMulti.p99, baseMulti.p99),
        }),
        row(
          name,
          `slots over capacity or miscounted after ${multiWidth}-slot signups (SQL)`,
          String(appMultiCheck.overfilled + appMultiCheck.miscounted),
          {
            baseline: String(baseMultiCheck.overfilled + baseMultiCheck.miscounted),
            target: '0',
            pass: appMultiCheck.overfilled === 0 && appMultiCheck.miscounted === 0,
          },
        ),
        row(name, `${multiWidth}-slot signups not all or nothing (SQL, by email)`, String(appPartial), {
          baseline: String(basePartial),
          target: '0',
          pass: appPartial === 0 && ringAnswered(appRing, appAnswers),
        }),
      ],
      details: [
        `Open slot, app: ${statusLine(appOpen)}; p50 ${ms(appOpen.p50)}, p99 ${ms(appOpen.p99)}.`,
        `Open slot, baseline: ${statusLine(baseOpen)}; p50 ${ms(baseOpen.p50)}, p99 ${ms(baseOpen.p99)}.`,
        `Full slots, app: ${statusLine(appFull)} (expected exactly ${expected201} × 201); p50 ${ms(appFull.p50)}.`,
        `Full slots, baseline: ${statusLine(baseFull)}; p50 ${ms(baseFull.p50)}.`,
        `After the runs (SQL over every slot), app: ${appCheck.volunteers} volunteers in ${appCheck.slots} slots, ${appCheck.overfilled} over capacity, ${appCheck.miscounted} with current_volunteers ≠ the sum of its confirmed rows' quantities; baseline: ${baseCheck.volunteers} volunteers, ${baseCheck.overfilled} over, ${baseCheck.miscounted} miscounted.`,
        `Rounds (req/s, p99), app: ${roundLine(openRuns.rounds.app)} | ${roundLine(fullRuns.rounds.app)}; baseline: ${roundLine(openRuns.rounds.baseline)} | ${roundLine(fullRuns.rounds.baseline)} (open | full).`,
        `${multiWidth}-slot signups (\`slotIds\`, one sheet, one transaction, all or nothing) on ${multiWidth} slots that never fill, app: ${statusLine(appMulti)}; p50 ${ms(appMulti.p50)}, p99 ${ms(appMulti.p99)}. Baseline (the same ${multiWidth} slots' reads, guarded UPDATEs, duplicate checks and INSERTs in one better-sqlite3 transaction): ${statusLine(baseMulti)}; p50 ${ms(baseMulti.p50)}, p99 ${ms(baseMulti.p99)}. Rounds, app: ${roundLine(multiRuns.rounds.app)}; baseline: ${roundLine(multiRuns.rounds.baseline)}.`,
        `${multiWidth}-slot capacity run: ${ringRequests} signups per side over a ring of ${ringSlots} slots of ${ringCapacity} (${ringPlaces} places), each taking ${multiWidth} consecutive slots (modulo ${ringSlots}) from a start scattered by a hash of its number, so that many meet a full slot after slots with room (the rollback), ${connections} connections. App: ${statusLine(appRing)} in ${ms(appRing.millis)}, ${appRingTaken} of ${ringPlaces} places taken; baseline: ${statusLine(baseRing)} in ${ms(baseRing.millis)}, ${baseRingTaken} taken. By email in SQL afterwards, every 201 holds a row on each of its ${multiWidth} slots and every 409 none; emails that do not: app ${appPartial}, baseline ${basePartial} (of ${appAnswers.size} and ${baseAnswers.size} answers recorded). Over capacity or miscounted (current_volunteers against SUM(quantity) of confirmed rows) on the two ${multiWidth}-slot sheets: app ${appMultiCheck.overfilled} + ${appMultiCheck.miscounted}, baseline ${baseMultiCheck.overfilled} + ${baseMultiCheck.miscounted}.`,
        `Each request carries a distinct email (autocannon setupRequest). ${seconds} s per figure: ${roundsPerSide} rounds of ${seconds / roundsPerSide} s per side, alternating app and baseline (A B B A …) after a 1 s warm-up of each; each figure is the median round's. Server and baseline each run in their own process, autocannon in the runner.`,
      ],
    };
  } finally {
    await app.stop();
    await baseline.stop();
  }
}
