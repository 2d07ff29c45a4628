import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type FetchPassResult, type FromChild, isFromChild, type MemoryFigures, type ToChild } from './ipc';

const tsxLoader = import.meta.resolve('tsx');

/** A benchmark child process (a server, or the monitoring baseline's fetcher). */
export interface Child {
  url: string;
  pid: number;
  /** Memory now; with `gc` after two full collections (the child runs with --expose-gc). */
  memory(gc?: boolean): Promise<MemoryFigures>;
  /** Starts a new peak-RSS window. */
  resetPeak(): Promise<void>;
  fetchPass(urls: string[], etags: (string | null)[], concurrency: number): Promise<FetchPassResult>;
  stop(): Promise<void>;
}

/**
 * Only what a child needs from the environment: a developer's SMTP or Graph settings must never
 * reach a benchmark server (every signup would try to send mail).
 */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const keep: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    const value = process.env[key];
    if (value !== undefined) keep[key] = value;
  }
  return { ...keep, NODE_ENV: 'production', ...extra };
}

/** Forks `children/<name>.ts` under tsx (the way `pnpm start` runs the server) and waits for it to listen. */
export async function startChild(name: string, env: Record<string, string> = {}, args: string[] = []): Promise<Child> {
  const file = fileURLToPath(new URL(`../children/${name}.ts`, import.meta.url));
  const proc: ChildProcess = fork(file, args, {
    execArgv: ['--expose-gc', '--import', tsxLoader],
    env: cleanEnv(env),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiters: ((message: FromChild) => boolean)[] = [];
  let exited: Error | null = null;
  proc.on('message', (raw: unknown) => {
    if (!isFromChild(raw)) return;
    if (raw.type === 'failed') console.error(`bench child ${name} failed:\n${raw.message}`);
    const index = waiters.findIndex((w) => w(raw));
    if (index !== -1) waiters.splice(index, 1);
  });
  proc.on('exit', (code) => {
    exited = new Error(`bench child ${name} exited with code ${String(code)}`);
    for (const waiter of waiters.splice(0)) waiter({ type: 'failed', message: exited.message });
  });

  const next = <T extends FromChild['type']>(type: T): Promise<Extract<FromChild, { type: T }>> =>
    new Promise((resolve, reject) => {
      if (exited) {
        reject(exited);
        return;
      }
      waiters.push((message) => {
        if (message.type === 'failed') {
          reject(new Error(`bench child ${name}: ${message.message}`));
          return true;
        }
        if (message.type !== type) return false;
        resolve(message as Extract<FromChild, { type: T }>);
        return true;
      });
    });
  const send = (message: ToChild) => {
    proc.send(message);
  };

  const ready = await next('ready');
  const pid = proc.pid ?? -1;
  return {
    url: ready.url,
    pid,
    memory: async (gc = true) => {
      const answer = next('memory');
      send({ type: 'memory', gc });
      const { type: _type, ...figures } = await answer;
      return figures;
    },
    resetPeak: async () => {
      const answer = next('memory');
      send({ type: 'peak-reset' });
      await answer;
    },
    fetchPass: async (urls, etags, concurrency) => {
      const answer = next('fetched');
      send({ type: 'fetch', urls, etags, concurrency });
      const { type: _type, ...result } = await answer;
      return result;
    },
    stop: async () => {
      if (exited) return;
      const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      send({ type: 'stop' });
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}
