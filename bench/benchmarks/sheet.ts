import { join } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { appRouter, createCaller, createContextInner } from '@pac/api';
import { type RunningServer, startServer } from '@pac/server';
import { loadEnv } from '@pac/server/env';
import { Api, inDays, trpcSheetPath } from '../lib/api';
import { appEnv } from '../lib/app-env';
import { copyDatabase } from '../lib/db';
import { load, type LoadResult, rotate, roundsPerSide } from '../lib/load';
import { browserFetchHeaders, decoded, send } from '../lib/replay';
import { kb, ms, perSecond, ratio, row, type Section } from '../lib/report';
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

/** Issue 14's targets for a read, against the bare handler. */
const rpsShare = 0.9;
const p99Factor = 1.5;

/**
 * The sheet as the web app receives it over tRPC: GETs the batch URL with a browser's headers and
 * decodes it (Content-Encoding, then the batch's superjson envelope). Returns its shape and what it
 * took on the wire.
 */
async function trpcAnswer(base: string, path: string): Promise<{ shape: string; encoding: string; bytes: number }> {
  const answer = await send(`${base}${path}`, { headers: browserFetchHeaders });
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status}`);
  const batch = JSON.parse(decoded(answer).toString('utf8')) as { result?: { data?: { json?: SheetJson } } }[];
  const sheet = batch[0]?.result?.data?.json;
  if (!sheet || !Array.isArray(sheet.slots)) throw new Error(`GET ${path}: no sheet in the answer`);
  return {
    shape: shape(sheet),
    encoding: String(answer.headers['content-encoding'] ?? 'none'),
    bytes: answer.body.length,
  };
}

/** What one GET answers on the wire: its Content-Encoding and body bytes. */
async function wire(url: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await send(url, { headers });
  return `${kb(answer.body.length)} ${String(answer.headers['content-encoding'] ?? 'uncompressed')}`;
}

/** Median of `runs` timings of `work`, in µs. */
async function medianMicros(runs: number, work: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push((performance.now() - start) * 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/**
 * Where the CPU time of an answer made afresh goes (issue 28), step by step in this process with the
 * server's own code: the procedure (its reads and the volunteers' views, through tRPC's caller), the
 * superjson pass, the JSON text, and compressing it as the compression layer would (brotli 4).
 */
async function computedAnswerCost(server: RunningServer, sheetId: number) {
  const caller = createCaller(
    createContextInner({ db: server.runtime.db, config: server.config, runtime: server.runtime }),
  );
  // The router's own transformer (superjson), as the tRPC adapter serializes an answer.
  const { output } = (
    appRouter._def._config as unknown as { transformer: { output: { serialize(v: unknown): unknown } } }
  ).transformer;
  const answer = await caller.sheets.byId({ id: sheetId });
  const serialized = output.serialize(answer);
  const text = JSON.stringify(serialized);
  const runs = 400;
  // Warm up every step first (compiled statements, JIT), then time each.
  for (let i = 0; i < 50; i++) await caller.sheets.byId({ id: sheetId });
  const brotli = (body: string) =>
    brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  return {
    procedure: await medianMicros(runs, () => caller.sheets.byId({ id: sheetId })),
    superjson: await medianMicros(runs, () => output.serialize(answer)),
    restJson: await medianMicros(runs, () => JSON.stringify(answer)),
    trpcJson: await medianMicros(runs, () => JSON.stringify(serialized)),
    brotli: await medianMicros(runs, () => brotli(text)),
    bytes: Buffer.byteLength(text),
  };
}

/**
 * SQL statements one GET of the sheet executes, counted in this process on the server's own
 * connection. Each counted GET follows a write (a signup on another sheet), so that no answer cache
 * the server keeps can stand in for the reads; `repeat` is a GET with nothing written since.
 */
async function countStatements(root: string): Promise<{
  per20: string[];
  per40: string[];
  repeat: string[];
  perSignup: string[];
  cost: Awaited<ReturnType<typeof computedAnswerCost>>;
}> {
  const counter = installStatementCounter();
  const server = await startServer(loadEnv(appEnv(join(root, 'sheet-count'))), null);
  try {
    const api = new Api(server.url);
    await api.login();
    const sheet20 = await seedSheet(api, 20, 'c');
    const sheet40 = await seedSheet(api, 40, 'd');
    const elsewhere = await api.createSlot(await api.createSheet('Bench: elsewhere', inDays(21)), 'Anyone', 1000);
    const anonymous = new Api(server.url);
    const get = (id: number) => counter.count(() => anonymous.call<SheetJson>('GET', `/api/signup-sheets/${id}`));
    let writes = 0;
    const afterWrite = async (id: number) => {
      await anonymous.signUp(elsewhere, writes++, 'elsewhere');
      return (await get(id)).statements;
    };
    // The first requests of a route may warm caches (prepared statements); count later ones.
    await get(sheet20);
    await get(sheet40);
    const per20 = await afterWrite(sheet20);
    const per40 = await afterWrite(sheet40);
    const repeat = (await get(sheet40)).statements;
    const slot = await api.createSlot(sheet20, 'One more', 10);
    const perSignup = (await counter.count(() => anonymous.signUp(slot, 1, 'count'))).statements;
    counter.uninstall();
    const cost = await computedAnswerCost(server, sheet20);
    return { per20, per40, repeat, perSignup, cost };
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
  const name = 'Sheet read';
  try {
    const api = new Api(app.url);
    await api.login();
    const sheetId = await seedSheet(api, 20, 's');
    // Signed in: a parent with no signup on the sheet, and the sheet's organizer (it is handed to them).
    const signedIn = async (email: string, role: 'member' | 'organizer') => {
      const person = new Api(app.url);
      const account = await person.call<{ id: number }>('POST', '/api/auth/register', {
        name: `Bench ${role}`,
        email,
        password: 'bench-password-1',
      });
      if (role === 'organizer') await api.call('PATCH', `/api/users/${account.id}`, { role });
      return { api: person, id: account.id, cookie: person.sessionCookie() ?? '' };
    };
    const parent = await signedIn('parent@bench.example.org', 'member');
    const organizer = await signedIn('organizer@bench.example.org', 'organizer');
    await api.call('PATCH', `/api/signup-sheets/${sheetId}`, { ownerId: organizer.id });
    copyDatabase(env.DATABASE_PATH ?? '', baseDb);
    baseline = await startChild('baseline', { BENCH_DB: baseDb });
    const path = `/api/signup-sheets/${sheetId}`;
    const trpcPath = trpcSheetPath(sheetId);
    const appShape = shape(await new Api(app.url).call<SheetJson>('GET', path));
    const baseShape = shape(await new Api(baseline.url).call<SheetJson>('GET', path));
    const trpc = await trpcAnswer(app.url, trpcPath);
    if (trpc.shape !== appShape) throw new Error(`tRPC answers ${trpc.shape}, REST ${appShape}`);
    // What each signed-in caller is answered: the parent the signed-out answer, the organizer the
    // volunteers' contact details (checked, so that a figure is never of the wrong answer).
    const contacts = async (cookie: string) => {
      const sheet = await new Api(app.url).call<SheetJson>('GET', path);
      const seen = JSON.parse(
        decoded(await send(`${app.url}${path}`, { headers: { ...browserFetchHeaders, cookie } })).toString('utf8'),
      ) as { slots: { volunteers: { email?: string }[] }[] };
      const emails = seen.slots.flatMap((slot) => slot.volunteers).filter((v) => v.email !== undefined).length;
      if (shape(seen) !== shape(sheet)) throw new Error(`a signed-in read answers ${shape(seen)}`);
      return emails;
    };
    const parentEmails = await contacts(parent.cookie);
    const organizerEmails = await contacts(organizer.cookie);
    if (parentEmails !== 0 || organizerEmails !== volunteersPerSheet)
      throw new Error(`contact details seen: parent ${parentEmails}, organizer ${organizerEmails}`);
    const sizes = {
      rest: await wire(`${app.url}${path}`),
      restBrowser: await wire(`${app.url}${path}`, browserFetchHeaders),
      baseline: await wire(`${baseline.url}${path}`),
    };

    const targets = {
      rest: { url: app.url, path, headers: {} },
      trpc: { url: app.url, path: trpcPath, headers: browserFetchHeaders },
      // The same call from a client that takes no compression: what compressing costs, apart from tRPC.
      trpcPlain: { url: app.url, path: trpcPath, headers: {} },
      // X-User-ID without a session is ignored by the server (API.md) but keeps the answer out of the
      // signed-out visitors' cache: every answer is computed, as for a signed-in parent.
      restFresh: { url: app.url, path, headers: { 'x-user-id': '1' } },
      // Signed in, with the browser's headers (Accept-Encoding), as the web app and a page's script call it.
      restParent: { url: app.url, path, headers: { ...browserFetchHeaders, cookie: parent.cookie } },
      trpcParent: { url: app.url, path: trpcPath, headers: { ...browserFetchHeaders, cookie: parent.cookie } },
      restOrganizer: { url: app.url, path, headers: { ...browserFetchHeaders, cookie: organizer.cookie } },
      trpcOrganizer: { url: app.url, path: trpcPath, headers: { ...browserFetchHeaders, cookie: organizer.cookie } },
      trpcFresh: { url: app.url, path: trpcPath, headers: { 'x-user-id': '1' } },
      baseline: { url: baseline.url, path, headers: {} },
    };
    for (const t of Object.values(targets)) await load({ ...t, connections, duration: 1 });
    const runs = await rotate(
      [
        'rest',
        'trpc',
        'trpcPlain',
        'restFresh',
        'trpcFresh',
        'restParent',
        'trpcParent',
        'restOrganizer',
        'trpcOrganizer',
        'baseline',
      ] as const,
      (target, t) => load({ ...targets[target], connections, duration: t }),
      seconds,
    );
    const {
      rest: appRun,
      trpc: trpcRun,
      trpcPlain: plainRun,
      restFresh: restFreshRun,
      trpcFresh: trpcFreshRun,
      restParent: restParentRun,
      trpcParent: trpcParentRun,
      restOrganizer: restOrganizerRun,
      trpcOrganizer: trpcOrganizerRun,
      baseline: baseRun,
    } = runs.combined;
    const ok = (r: LoadResult) => r.errors === 0 && Object.keys(r.statuses).every((c) => c === '200');
    const readRows = (label: string, r: LoadResult) => [
      row(name, `req/s over ${label}`, perSecond(r.rps), {
        baseline: perSecond(baseRun.rps),
        ratio: ratio(r.rps, baseRun.rps),
        target: ok(r) ? `≥ ${rpsShare}×` : `≥ ${rpsShare}×, all 200`,
        pass: ok(r) && r.rps >= rpsShare * baseRun.rps,
      }),
      row(name, `p99 latency over ${label}`, ms(r.p99), {
        baseline: ms(baseRun.p99),
        ratio: ratio(r.p99, baseRun.p99),
        target: `≤ ${p99Factor}× baseline`,
        pass: r.p99 <= p99Factor * baseRun.p99,
      }),
    ];
    const roundList = (rounds: LoadResult[]) => rounds.map((r) => r.rps.toFixed(0)).join(', ');

    const baselineStatements = 3;
    return {
      title:
        '2. Sheet read path — GET /api/signup-sheets/{id} and tRPC sheets.byId, 20 slots, 200 volunteers, 64 connections',
      rows: [
        ...readRows('REST', appRun),
        ...readRows('tRPC', trpcRun),
        ...readRows('REST, a signed-in parent', restParentRun),
        ...readRows('tRPC, a signed-in parent', trpcParentRun),
        ...readRows("REST, the sheet's organizer", restOrganizerRun),
        ...readRows("tRPC, the sheet's organizer", trpcOrganizerRun),
        row(name, 'req/s over tRPC, no Accept-Encoding', perSecond(plainRun.rps), {
          baseline: perSecond(baseRun.rps),
          ratio: ratio(plainRun.rps, baseRun.rps),
        }),
        row(name, 'req/s over REST, every answer computed', perSecond(restFreshRun.rps), {
          baseline: perSecond(baseRun.rps),
          ratio: ratio(restFreshRun.rps, baseRun.rps),
        }),
        row(name, 'p99 latency over REST, every answer computed', ms(restFreshRun.p99), {
          baseline: ms(baseRun.p99),
          ratio: ratio(restFreshRun.p99, baseRun.p99),
        }),
        row(name, 'req/s over tRPC, every answer computed', perSecond(trpcFreshRun.rps), {
          baseline: perSecond(baseRun.rps),
          ratio: ratio(trpcFreshRun.rps, baseRun.rps),
        }),
        row(name, 'p99 latency over tRPC, every answer computed', ms(trpcFreshRun.p99), {
          baseline: ms(baseRun.p99),
          ratio: ratio(trpcFreshRun.p99, baseRun.p99),
        }),
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
        `App answers ${appShape} over REST and ${trpc.shape} over tRPC (decoded from the batch's superjson); baseline answers ${baseShape}.`,
        `tRPC: \`GET ${trpcPath}\`, the URL the web app's httpBatchLink with superjson sends for \`sheets.byId\` (built, not recorded), with the browser's \`Accept: */*\` and \`Accept-Encoding: ${browserFetchHeaders['accept-encoding']}\`: each answer is ${kb(trpc.bytes)} ${trpc.encoding === 'none' ? 'uncompressed' : trpc.encoding} on the wire. REST as a script calls it (no Accept-Encoding): ${sizes.rest}; with the browser's headers it would be ${sizes.restBrowser}. Baseline: ${sizes.baseline}.`,
        `REST: ${appRun.total} answers, p50 ${ms(appRun.p50)}, p99 ${ms(appRun.p99)}; tRPC: ${trpcRun.total} answers, p50 ${ms(trpcRun.p50)}, p99 ${ms(trpcRun.p99)}; tRPC with no Accept-Encoding (answers uncompressed, so the difference is what compressing costs): ${plainRun.total} answers, p50 ${ms(plainRun.p50)}, p99 ${ms(plainRun.p99)}; baseline: ${baseRun.total} answers, p50 ${ms(baseRun.p50)}, p99 ${ms(baseRun.p99)}. Rounds (req/s): REST ${roundList(runs.rounds.rest)}; tRPC ${roundList(runs.rounds.trpc)}; tRPC uncompressed ${roundList(runs.rounds.trpcPlain)}; baseline ${roundList(runs.rounds.baseline)} (${roundsPerSide} rounds of ${seconds / roundsPerSide} s each, order reversed every round; figures are the median round's). Targets (issue 14): ≥ ${rpsShare}× the baseline's req/s and p99 ≤ ${p99Factor}× its p99.`,
        `Signed in (issue 28), each with its session cookie and the browser's headers: a parent with no signup on the sheet (answered no contact details, checked) over REST ${restParentRun.total} answers, p50 ${ms(restParentRun.p50)}, p99 ${ms(restParentRun.p99)}, rounds ${roundList(runs.rounds.restParent)}; over tRPC ${trpcParentRun.total}, p50 ${ms(trpcParentRun.p50)}, p99 ${ms(trpcParentRun.p99)}, rounds ${roundList(runs.rounds.trpcParent)}. The sheet's organizer (answered all ${volunteersPerSheet} volunteers' contact details, checked) over REST ${restOrganizerRun.total}, p50 ${ms(restOrganizerRun.p50)}, p99 ${ms(restOrganizerRun.p99)}, rounds ${roundList(runs.rounds.restOrganizer)}; over tRPC ${trpcOrganizerRun.total}, p50 ${ms(trpcOrganizerRun.p50)}, p99 ${ms(trpcOrganizerRun.p99)}, rounds ${roundList(runs.rounds.trpcOrganizer)}. Each request's session is read and whose answer it gets decided (the parent: the signed-out answer; the organizer: the organizers' answer) before a kept answer is sent (apps/server/src/http/publicCache.ts).`,
        `Where the time of an answer made afresh goes (issue 28; in this process, on the 20-slot sheet, by then with the slot and signup the statement count added, medians of 400 runs): the procedure through tRPC's caller (three reads, the volunteers' views) ${counts.cost.procedure.toFixed(0)} µs; superjson's pass over the answer ${counts.cost.superjson.toFixed(0)} µs; its JSON text (${kb(counts.cost.bytes)}) ${counts.cost.trpcJson.toFixed(0)} µs (REST's plain JSON ${counts.cost.restJson.toFixed(0)} µs); brotli at the compression layer's quality 4 ${counts.cost.brotli.toFixed(0)} µs. A kept answer costs none of these: it is sent as kept, compressed once.`,
        `Every answer computed (the same requests with \`X-User-ID: 1\` and no session, which the server ignores but which keeps them out of the signed-out visitors' cache, as a signed-in parent's reads are): REST ${restFreshRun.total} answers, p50 ${ms(restFreshRun.p50)}, p99 ${ms(restFreshRun.p99)}, rounds ${roundList(runs.rounds.restFresh)}; tRPC (uncompressed) ${trpcFreshRun.total} answers, p50 ${ms(trpcFreshRun.p50)}, p99 ${ms(trpcFreshRun.p99)}, rounds ${roundList(runs.rounds.trpcFresh)}.`,
        `Statements of one anonymous GET (counted by wrapping better-sqlite3's Statement all/get/run/iterate with the server in this process): ${counts.per20.map((s) => `\`${s.slice(0, 90)}${s.length > 90 ? '…' : ''}\``).join('; ')}.`,
        `Those counts are of a GET right after a write elsewhere (a signup on another sheet); a repeated GET with nothing written since executes ${counts.repeat.length}${counts.repeat.length ? `: ${counts.repeat.map((s) => `\`${s.slice(0, 60)}\``).join('; ')}` : ''} — during the req/s loads nothing is written, so the app may answer from whatever it keeps.`,
        `For comparison, one signup (POST /api/volunteers) executes ${counts.perSignup.length} statements, BEGIN and COMMIT included.`,
        'Baseline: the same three reads (sheet, slots, volunteers) as hand-written prepared SQL in a bare node:http handler, on a copy of the app database.',
      ],
    };
  } finally {
    await app.stop();
    await baseline?.stop();
  }
}
