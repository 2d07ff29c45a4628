import { type ChildProcess, fork, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { type FetchPassResult, type FromChild, isFromChild, type MemoryFigures, type ToChild } from './ipc';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** The bundle `pnpm start` runs (`pnpm bench` builds it first)... */
const serverBundle = here('../../apps/server/dist/main.js');
/** ...through this script, with the memory settings of production (the systemd unit runs it too). */
const serveScript = here('../../scripts/serve.sh');
const webDist = here('../../apps/web/dist');
/** The web app's server-rendering build, which the server loads from beside webDist. */
const webSsrDist = here('../../apps/web/dist-ssr');
const childDist = here('../dist');
const childNames = ['bare', 'baseline', 'fetcher'];

let compiled: Promise<void> | null = null;
/**
 * Compiles the baseline children and the app's probe to plain JavaScript (bench/dist), so that every
 * process under test runs under plain node with no loader, as the compiled server does.
 */
function compileChildren(): Promise<void> {
  compiled ??= build({
    entryPoints: {
      ...Object.fromEntries(childNames.map((name) => [`children/${name}`, here(`../children/${name}.ts`)])),
      probe: here('./probe.ts'),
    },
    outdir: childDist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    // npm packages (better-sqlite3) load from bench/node_modules, as under tsx.
    packages: 'external',
    logLevel: 'warning',
  }).then(() => undefined);
  return compiled;
}

/** Every file the web build's manifest names is there (a build elsewhere empties the folder first). */
function webBuildComplete(dist: string): boolean {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(join(dist, 'index.html')) || !existsSync(manifestPath)) return false;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file?: string; css?: string[]; assets?: string[] }
  >;
  return Object.values(manifest).every((chunk) =>
    [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])].every((f) => !f || existsSync(join(dist, f))),
  );
}

let snapshot: Promise<string> | null = null;
/**
 * The build under test, copied once per run (apps/server/dist, apps/web/dist and apps/web/dist-ssr,
 * at the same relative places, with the server's node_modules linked for its native modules), so that a rebuild
 * in the working tree while the benchmarks run (another terminal's `pnpm test`) can neither change
 * nor break what is measured: the server keeps its list of static files from start-up. Removed when
 * the runner exits.
 */
function buildSnapshot(): Promise<string> {
  snapshot ??= (async () => {
    if (!existsSync(serverBundle)) throw new Error('The server is not built: `pnpm bench` builds it first.');
    if (!existsSync(join(webSsrDist, 'entry-server.js')))
      throw new Error("The web app's server build is missing: `pnpm bench` builds it first.");
    const dir = mkdtempSync(join(tmpdir(), 'pac-bench-build-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    for (let attempt = 1; ; attempt++) {
      if (webBuildComplete(webDist)) {
        cpSync(here('../../apps/server/dist'), join(dir, 'apps/server/dist'), { recursive: true });
        cpSync(webDist, join(dir, 'apps/web/dist'), { recursive: true });
        cpSync(webSsrDist, join(dir, 'apps/web/dist-ssr'), { recursive: true });
        cpSync(serveScript, join(dir, 'scripts/serve.sh'));
        if (webBuildComplete(join(dir, 'apps/web/dist')) && existsSync(join(dir, 'apps/web/dist-ssr/entry-server.js')))
          break;
      }
      if (attempt === 10) throw new Error('The web app is not built (or a build elsewhere kept rewriting it).');
      rmSync(join(dir, 'apps'), { recursive: true, force: true });
      await sleep(2000);
    }
    symlinkSync(here('../../apps/server/node_modules'), join(dir, 'apps/server/node_modules'), 'dir');
    return dir;
  })();
  return snapshot;
}

/** The web app's build (apps/web/dist) as this run's server serves it. */
export async function builtWebDist(): Promise<string> {
  return join(await buildSnapshot(), 'apps/web/dist');
}

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

/**
 * Further node options for the app from PAC_BENCH_APP_NODE_OPTIONS (space-separated), for looking
 * into a figure: `PAC_BENCH_APP_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof'` profiles every
 * app the run starts. Never set for the figures in results.md.
 */
function appNodeOptions(): string[] {
  return (process.env.PAC_BENCH_APP_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
}

/**
 * Starts a process under test with plain node and `--expose-gc`, and waits for it to listen: `app`
 * is the compiled server itself, started as `pnpm start` starts it, by `scripts/serve.sh` (from this
 * run's copy of the build, with the probe preloaded to answer the runner); the others are
 * `children/<name>.ts` compiled to JavaScript.
 */
export async function startChild(name: string, env: Record<string, string> = {}): Promise<Child> {
  await compileChildren();
  const probe = pathToFileURL(`${childDist}/probe.mjs`).href;
  const options = {
    env: cleanEnv(env),
    // The server reads a .env from its working directory: not a developer's.
    cwd: tmpdir(),
  };
  const isApp = name === 'app';
  // The script execs node, which finds the IPC channel that spawn opened (NODE_CHANNEL_FD).
  const proc: ChildProcess = isApp
    ? spawn(
        'sh',
        [join(await buildSnapshot(), 'scripts/serve.sh'), '--expose-gc', ...appNodeOptions(), '--import', probe],
        {
          ...options,
          stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
        },
      )
    : fork(`${childDist}/children/${name}.mjs`, [], {
        ...options,
        execArgv: ['--expose-gc'],
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

  const ready = isApp ? await listening(proc, name) : (await next('ready')).url;
  const pid = proc.pid ?? -1;
  return {
    url: ready,
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

/**
 * The URL from the server's "listening on" line; its other output (warnings, errors) passes through,
 * all but the start and shutdown lines.
 */
function listening(proc: ChildProcess, name: string): Promise<string> {
  const stdout = proc.stdout;
  if (!stdout) throw new Error(`bench child ${name} has no stdout`);
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stdout });
    let found = false;
    lines.on('line', (line) => {
      const match = /listening on (http:\/\/[^\s"]+)/.exec(line);
      if (match?.[1] && !found) {
        found = true;
        resolve(match[1]);
        return;
      }
      if (!/received, shutting down/.test(line)) console.log(line);
    });
    proc.once('exit', (code) => {
      if (!found) reject(new Error(`bench child ${name} exited with code ${String(code)} before listening`));
    });
  });
}
