import { join } from 'node:path';
import { startServer } from '@pac/server';
import { loadEnv } from '@pac/server/env';
import { Api, inDays } from '../lib/api';
import { appEnv } from '../lib/app-env';
import { copyDatabase } from '../lib/db';
import { alternate, load, type LoadResult, roundsPerSide } from '../lib/load';
import { ms, perSecond, ratio, row, type Section } from '../lib/report';
import { startChild } from '../lib/spawn';
import { installStatementCounter } from '../lib/sql-counter';

const connections = 64;
const volunteersPerSheet = 200;

/** A sheet of `slots` slots at different times, with 200 volunteers spread evenly over them. */
async function seedSheet(api: Api, slots: number, tag: string): Promise<number> {
  const sheetId = await api.createSheet(`Bench: ${slots} slots`, inDays(20));
  const ids: number[] = [];
  const day = inDays(20).getTime();
  for (let i = 0; i < slots; i++) {
    ids.push(
      await api.createSlot(
        sheetId,
        `Shift ${String(i).padStart(2, '0')}`,
        Math.ceil(volunteersPerSheet / slots),
        new Date(day + i * 1_800_000),
      ),
    );
  }
  await api.seedSignups(ids, volunteersPerSheet, tag);
  return sheetId;
}

interface SheetJson {
  slots: { volunteers: unknown[] }[];
}

const shape = (sheet: SheetJson) =>
  `${sheet.slots.length} slots, ${sheet.slots.reduce((n, s) => n + s.volunteers.length, 0)} volunteers`;

/** SQL statements one GET of the sheet executes, counted in this process on the server's own connection. */
async function countStatements(root: string): Promise<{ per20: string[]; per40: string[]; perSignup: string[] }> {
  const counter = installStatementCounter();
  const server = await startServer(loadEnv(appEnv(join(root, 'sheet-count'))), null);
  try {
    const api = new Api(server.url);
    await api.login();
    const sheet20 = await seedSheet(api, 20, 'c');
    const sheet40 = await seedSheet(api, 40, 'd');
    const anonymous = new Api(server.url);
    const get = (id: number) => counter.count(() => anonymous.call<SheetJson>('GET', `/api/signup-sheets/${id}`));
    await get(sheet20); // the first request of a route may warm caches; count the second
    const per20 = (await get(sheet20)).statements;
    const per40 = (await get(sheet40)).statements;
    const slot = await api.createSlot(sheet20, 'One more', 10);
    const perSignup = (await counter.count(() => anonymous.signUp(slot, 1, 'count'))).statements;
    return { per20, per40, perSignup };
  } finally {
    counter.uninstall();
    await server.close();
  }
}

/** 2. GET /api/signup-sheets/{id}, 20 slots and 200 volunteers; SQL statements per request. */
export async function sheetBenchmark(root: string, seconds: number): Promise<Section> {
  const counts = await countStatements(root);

  const env = appEnv(join(root, 'sheet-app'));
  const app = await startChild('app', env);
  const baseDb = join(root, 'sheet-baseline.sqlite');
  let baseline: Awaited<ReturnType<typeof startChild>> | null = null;
  try {
    const api = new Api(app.url);
    await api.login();
    const sheetId = await seedSheet(api, 20, 's');
    copyDatabase(env.DATABASE_PATH ?? '', baseDb);
    baseline = await startChild('baseline', { BENCH_DB: baseDb });
    const path = `/api/signup-sheets/${sheetId}`;
    const appShape = shape(await new Api(app.url).call<SheetJson>('GET', path));
    const baseShape = shape(await new Api(baseline.url).call<SheetJson>('GET', path));

    await load({ url: app.url, connections, duration: 1, path });
    await load({ url: baseline.url, connections, duration: 1, path });
    const urls = { app: app.url, baseline: baseline.url };
    const runs = await alternate((target, t) => load({ url: urls[target], connections, duration: t, path }), seconds);
    const { app: appRun, baseline: baseRun } = runs;
    const ok = (r: LoadResult) => r.errors === 0 && Object.keys(r.statuses).every((c) => c === '200');

    const name = 'Sheet read';
    const baselineStatements = 3;
    return {
      title: '2. Sheet read path — GET /api/signup-sheets/{id}, 20 slots, 200 volunteers, 64 connections',
      rows: [
        row(name, 'req/s', perSecond(appRun.rps), {
          baseline: perSecond(baseRun.rps),
          ratio: ratio(appRun.rps, baseRun.rps),
          pass: ok(appRun) ? null : false,
          target: ok(appRun) ? '' : 'all 200',
        }),
        row(name, 'p99 latency', ms(appRun.p99), { baseline: ms(baseRun.p99), ratio: ratio(appRun.p99, baseRun.p99) }),
        row(name, 'SQL statements per request, 20 slots', String(counts.per20.length), {
          baseline: String(baselineStatements),
          ratio: ratio(counts.per20.length, baselineStatements),
        }),
        row(name, 'SQL statements per request, 40 slots', String(counts.per40.length), {
          baseline: String(baselineStatements),
          ratio: ratio(counts.per40.length, baselineStatements),
          target: 'same as 20 slots',
          pass: counts.per40.length === counts.per20.length,
        }),
      ],
      details: [
        `App answers ${appShape}; baseline answers ${baseShape}.`,
        `App: ${appRun.total} answers, p50 ${ms(appRun.p50)}, p99 ${ms(appRun.p99)}; baseline: ${baseRun.total} answers, p50 ${ms(baseRun.p50)}, p99 ${ms(baseRun.p99)}. Rounds (req/s): app ${runs.rounds.app.map((r) => r.rps.toFixed(0)).join(', ')}; baseline ${runs.rounds.baseline.map((r) => r.rps.toFixed(0)).join(', ')} (${roundsPerSide} rounds of ${seconds / roundsPerSide} s each, alternating; figures are the median round's).`,
        `Statements of one anonymous GET (counted by wrapping better-sqlite3's Statement all/get/run/iterate with the server in this process): ${counts.per20.map((s) => `\`${s.slice(0, 90)}${s.length > 90 ? '…' : ''}\``).join('; ')}.`,
        `For comparison, one signup (POST /api/volunteers) executes ${counts.perSignup.length} statements, BEGIN and COMMIT included.`,
        'Baseline: the same three reads (sheet, slots, volunteers) as hand-written prepared SQL in a bare node:http handler, on a copy of the app database.',
      ],
    };
  } finally {
    await app.stop();
    await baseline?.stop();
  }
}
