import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Api, inDays, signupBody } from '../lib/api';
import { appEnv } from '../lib/app-env';
import { capacityCheck } from '../lib/db';
import { load } from '../lib/load';
import { mb, ratio, row, type Section } from '../lib/report';
import { type Child, startChild } from '../lib/spawn';

const signups = 10_000;
const slotCount = 50;
/** Our own leak guard: the heap after a full GC should not keep what 10 000 signups passed through. */
const heapGrowthLimit = 16 * 1024 * 1024;
/** Issue 10: the compiled server idles in at most this much RSS. */
const idleRssLimit = 90 * 1024 * 1024;

/** Idle memory after a settle and two full GCs. */
async function settled(child: Child) {
  await sleep(1000);
  return child.memory(true);
}

/** 5. Server memory idle after start and after 10 000 signups, against an idle bare node:http process. */
export async function memoryBenchmark(root: string): Promise<Section> {
  const bare = await startChild('bare');
  const bareIdle = await settled(bare);
  await bare.stop();

  const env = appEnv(join(root, 'memory-app'));
  const app = await startChild('app', env);
  try {
    const idle = await settled(app);
    const api = new Api(app.url);
    await api.login();
    const sheetId = await api.createSheet('Bench: memory', inDays(40));
    const slots: number[] = [];
    for (let i = 0; i < slotCount; i++) slots.push(await api.createSlot(sheetId, `Shift ${i}`, signups / slotCount));
    let n = 0;
    const run = await load({
      url: app.url,
      connections: 16,
      amount: signups,
      method: 'POST',
      path: '/api/volunteers',
      body: () => {
        const i = n++;
        return signupBody(slots[i % slotCount] ?? 0, i, 'm');
      },
    });
    const after = await settled(app);
    await app.stop();
    const check = capacityCheck(env.DATABASE_PATH ?? '');
    const created = run.statuses['201'] ?? 0;

    const name = 'Server memory';
    const growth = after.heapUsed - idle.heapUsed;
    return {
      title: '5. Server memory — idle, and after 10 000 signups (after GC)',
      rows: [
        row(name, 'RSS idle after start', mb(idle.rss), {
          baseline: mb(bareIdle.rss),
          ratio: ratio(idle.rss, bareIdle.rss),
          target: `≤ ${mb(idleRssLimit)}`,
          pass: idle.rss <= idleRssLimit,
        }),
        row(name, 'heap used idle after start', mb(idle.heapUsed), {
          baseline: mb(bareIdle.heapUsed),
          ratio: ratio(idle.heapUsed, bareIdle.heapUsed),
        }),
        row(name, `RSS after ${signups} signups`, mb(after.rss), {
          baseline: mb(bareIdle.rss),
          ratio: ratio(after.rss, bareIdle.rss),
        }),
        row(name, `heap used after ${signups} signups`, mb(after.heapUsed), {
          baseline: mb(bareIdle.heapUsed),
          ratio: ratio(after.heapUsed, bareIdle.heapUsed),
          target: `< idle + ${mb(heapGrowthLimit)}; all ${signups} answered 201`,
          pass: growth < heapGrowthLimit && created === signups,
        }),
      ],
      details: [
        `Idle: RSS ${mb(idle.rss)}, heap ${mb(idle.heapUsed)} of ${mb(idle.heapTotal)}; after: RSS ${mb(after.rss)}, heap ${mb(after.heapUsed)} of ${mb(after.heapTotal)} (heap grew ${mb(growth)}; peak RSS during the load ${mb(after.peakRss)}).`,
        `Bare node:http (compiled like the server: plain node, no loader, --expose-gc): RSS ${mb(bareIdle.rss)}, heap ${mb(bareIdle.heapUsed)}.`,
        `${created} of ${signups} signups answered 201 (16 connections, ${slotCount} slots of ${signups / slotCount}, ${run.rps.toFixed(0)}/s); the database then holds ${check.volunteers} volunteers, ${check.overfilled} slots over capacity.`,
        'The app is `node apps/server/dist/main.js` started by `scripts/serve.sh` as `pnpm start` starts it (serving the built web app), with --expose-gc and the bench probe preloaded; every figure is taken 1 s after the last request, after two full collections.',
      ],
    };
  } finally {
    await app.stop();
  }
}
