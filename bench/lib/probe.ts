/**
 * Loaded with `--import` into the real server process (`node apps/server/dist/main.js`, as
 * `pnpm start` runs it) so that the runner can ask it for memory figures and stop it. It adds no
 * loader: the server's own code runs exactly as in production. The runner learns the server's URL
 * from its "listening on" line.
 */
import { isMainThread } from 'node:worker_threads';
import { answerRunner } from './child-side';

// Threads the server starts (the page reader) inherit `--import` too; only the process answers.
if (isMainThread)
  answerRunner({
    // The server's own shutdown (main.ts on SIGTERM) closes everything and exits.
    stop: () => {
      process.kill(process.pid, 'SIGTERM');
      return new Promise<void>(() => undefined);
    },
  });
