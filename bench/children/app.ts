/**
 * The real PAC Hub server in its own process, configured by the runner through the environment
 * (loadEnv, as in production). BENCH_STATIC_DIR serves the built web app; without it, API only.
 */
import { startServer } from '@pac/server';
import { loadEnv } from '@pac/server/env';
import { runChild } from '../lib/child-side';

runChild(async () => {
  const staticDir = process.env.BENCH_STATIC_DIR;
  const running = await startServer(loadEnv(process.env), staticDir ?? null);
  return { url: running.url, stop: () => running.close() };
});
