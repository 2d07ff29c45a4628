import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type ArchitectureConfig, checkArchitecture, formatFinding, repositoryRoot } from './architecture.ts';
import { config } from './config.ts';

const planted: string[] = [];
afterAll(() => {
  for (const dir of planted) rmSync(dir, { recursive: true, force: true });
});

/** The same layout as the repository's, with an empty process.env allow-list and the console allowed in scripts/. */
const plantedConfig: ArchitectureConfig = {
  ...config,
  processEnvAllowed: [],
  consoleAllowed: [{ folder: 'apps/server/src/scripts', reason: 'prints to the person at the terminal' }],
};

/** A small workspace that keeps every rule: two packages, two apps, a REST file, tests beside code. */
const cleanTree: Record<string, string> = {
  'pnpm-workspace.yaml': 'packages:\n  - packages/*\n  - apps/*\n  - e2e\n',
  'packages/api/package.json': JSON.stringify({ name: '@pac/api', exports: { '.': './src/index.ts' } }),
  'packages/api/src/index.ts': "export { appRouter } from './root';\n",
  'packages/api/src/root.ts':
    "import { sendMail } from './email/service';\nimport { slotsRouter } from './slots/router';\nimport { volunteersRouter } from './volunteers/router';\nexport const appRouter = { slots: slotsRouter, volunteers: volunteersRouter, sendMail };\n",
  'packages/api/src/lib/time.ts': 'export const now = () => Date.now();\n',
  'packages/api/src/slots/router.ts':
    "import { slotsOf } from './service';\nexport const slotsRouter = { list: slotsOf };\n",
  'packages/api/src/slots/service.ts':
    "import { now } from '../lib/time';\nexport function slotsOf() {\n  return now();\n}\n",
  'packages/api/src/slots/service.test.ts':
    "import { signUp } from '../volunteers/service';\nimport { slotsOf } from './service';\nsignUp(slotsOf());\n",
  'packages/api/src/volunteers/router.ts':
    "import { signUp } from './service';\nexport const volunteersRouter = { create: signUp };\n",
  'packages/api/src/volunteers/service.ts':
    "import type { Slot } from '../slots/types';\nimport { slotsOf } from '../slots/service';\nexport function signUp(slot?: Slot | number) {\n  return slot ?? slotsOf();\n}\n",
  'packages/api/src/slots/types.ts': 'export interface Slot {\n  id: number;\n}\n',
  'packages/api/src/email/service.ts':
    'export async function sendMail(ctx: any, message: unknown) {\n  await ctx.runtime.mail.send(message);\n}\n',
  'packages/api/src/email/service.test.ts':
    "import { sendMail } from './service';\nconst runtime: any = {};\nvoid runtime.mail.send('a test may reach the pool');\nvoid sendMail({ runtime }, {});\n",
  'packages/db/package.json': JSON.stringify({ name: '@pac/db', exports: { '.': './src/index.ts' } }),
  'packages/db/src/index.ts': 'export const db = {};\n',
  'apps/server/package.json': JSON.stringify({
    name: '@pac/server',
    exports: { '.': './src/main.ts', './test/smtp': './test/support/smtp.ts' },
    scripts: { backup: 'tsx src/scripts/backup.ts' },
  }),
  'apps/server/src/env.ts': 'export function loadEnv(source = process.env) {\n  return { port: source.PORT };\n}\n',
  'apps/server/src/main.ts':
    "import { appRouter } from '@pac/api';\nimport { loadEnv } from './env';\nimport { handleRest } from './http/rest/index';\nexport const start = () => [appRouter, loadEnv(), handleRest];\n",
  'apps/server/src/main.test.ts':
    "import { start } from './main';\n// A comment about process.env is not a read, nor is 'process.env' in a string.\nstart();\n",
  'apps/server/src/scripts/backup.ts': "export function backup() {\n  console.log('Backed up');\n  return 1;\n}\n",
  'apps/server/src/scripts/backup.test.ts': "import { backup } from './backup';\nbackup();\n",
  'apps/server/src/http/rest/route.ts': 'export interface RestRoute {\n  path: string;\n}\n',
  'apps/server/src/http/rest/index.ts':
    "import { slotRoutes } from './slots';\nexport const handleRest = (caller: any) => [slotRoutes, caller.volunteers.create];\n",
  'apps/server/src/http/rest/slots.ts':
    "import type { RestRoute } from './route';\nexport const slotRoutes: RestRoute[] = [{ path: '/api/volunteer-slots', handle: (r: any) => r.caller.slots.list() }];\n",
  'apps/server/test/support/harness.ts':
    "import { start } from '../../src/main';\nexport const harness = () => ({ env: process.env, server: start() });\n",
  'apps/server/test/crash/crash.test.ts': "import { harness } from '../support/harness';\nharness();\n",
  'apps/web/package.json': JSON.stringify({
    name: '@pac/web',
    scripts: { build: 'vite build --ssr src/entry-server.tsx' },
  }),
  'apps/web/index.html': '<script type="module" src="/src/main.tsx"></script>\n',
  'apps/web/src/main.tsx': "import { App } from './App';\nexport const root = App;\n",
  'apps/web/src/App.tsx': 'export const App = () => import.meta.url;\n',
  'apps/web/src/entry-server.tsx': "import { App } from './App';\nexport const render = App;\n",
  'apps/web/src/entry-server.test.tsx': "import { render } from './entry-server';\nrender();\n",
  'apps/web/src/styles/theme.css': 'body { margin: 0; }\n',
  'apps/web/src/styles/theme.test.ts': "import './theme.css';\n",
  'apps/web/test/render.tsx': "import { App } from '../src/App';\nexport const renderApp = App;\n",
  'apps/web/src/App.test.tsx': "import { renderApp } from '../test/render';\nrenderApp();\n",
  'e2e/package.json': JSON.stringify({ name: '@pac/e2e' }),
  'e2e/harness.ts': "import { start } from '@pac/server';\nexport const server = start();\n",
};

/** Writes `files` over the clean tree (a null content leaves that file out) into a new folder. */
function plant(files: Record<string, string | null> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'pac-architecture-'));
  planted.push(root);
  for (const [path, text] of Object.entries({ ...cleanTree, ...files })) {
    if (text === null) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const lines = (root: string, conf: ArchitectureConfig = plantedConfig) =>
  checkArchitecture(root, conf).map(formatFinding);

describe('the architecture check on planted trees', () => {
  it('finds nothing in a tree that keeps the rules', () => {
    expect(lines(plant())).toEqual([]);
  });

  it('fails on a cycle between domains, naming its domains at each import that closes it', () => {
    const root = plant({
      'packages/api/src/slots/service.ts':
        "import { now } from '../lib/time';\nimport { countSignups } from '../volunteers/service';\nexport function slotsOf() {\n  return now() + countSignups();\n}\n",
      'packages/api/src/volunteers/service.ts':
        "import { slotsOf } from '../slots/service';\nexport const countSignups = () => 0;\nexport function signUp() {\n  return slotsOf();\n}\n",
    });
    expect(lines(root)).toEqual([
      'packages/api/src/slots/service.ts:2: domain-cycle: domains slots → volunteers → slots: slots imports volunteers here',
      'packages/api/src/volunteers/service.ts:1: domain-cycle: domains volunteers → slots → volunteers: volunteers imports slots here',
    ]);
  });

  it('follows re-exports, dynamic imports and type imports around a longer cycle', () => {
    const root = plant({
      'packages/api/src/email/service.ts': "export { signUp } from '../volunteers/service';\n",
      'packages/api/src/volunteers/service.ts':
        "import type { Slot } from '../slots/types';\nexport const signUp = (slot: Slot) => slot;\n",
      'packages/api/src/slots/types.ts':
        "export interface Slot {\n  id: number;\n}\nexport const mailer = () =>\n  import(\n    '../email/service'\n  );\n",
    });
    expect(lines(root)).toEqual([
      'packages/api/src/email/service.ts:1: domain-cycle: domains email → volunteers → slots → email: email imports volunteers here',
      'packages/api/src/slots/types.ts:6: domain-cycle: domains slots → email → volunteers → slots: slots imports email here',
      'packages/api/src/volunteers/service.ts:1: domain-cycle: domains volunteers → slots → email → volunteers: volunteers imports slots here',
    ]);
  });

  it('fails when lib/ imports a domain', () => {
    const root = plant({
      'packages/api/src/lib/time.ts':
        "import { slotsOf } from '../slots/service';\nexport const now = () => Date.now();\nexport const again = slotsOf;\n",
    });
    expect(lines(root)).toEqual([
      "packages/api/src/lib/time.ts:1: lib-imports-domain: lib/ imports the domain slots ('../slots/service'): shared code may import no domain",
    ]);
  });

  it('fails on a package importing from apps/, by relative path or by an app package name', () => {
    const root = plant({
      'packages/db/src/index.ts':
        "import { loadEnv } from '../../../apps/server/src/env';\nimport type { RestRoute } from '@pac/server/test/smtp';\nexport { App } from '@pac/web';\nexport const db = { loadEnv } as unknown as RestRoute;\n",
    });
    expect(lines(root)).toEqual([
      "packages/db/src/index.ts:1: packages-import-apps: imports '../../../apps/server/src/env' from apps/: packages never depend on apps",
      "packages/db/src/index.ts:2: packages-import-apps: imports '@pac/server/test/smtp' from apps/: packages never depend on apps",
      "packages/db/src/index.ts:3: packages-import-apps: imports '@pac/web' from apps/: packages never depend on apps",
    ]);
  });

  it('fails on process.env read under a src/ outside env.ts, in any of its spellings', () => {
    const root = plant({
      'apps/server/src/http/rest/slots.ts':
        "import type { RestRoute } from './route';\nconst port = process.env.PORT;\nconst { env } = process;\nconst again = process['env'];\nexport const slotRoutes: RestRoute[] = [{ path: String([port, env, again]) }];\n",
      'packages/api/src/lib/time.ts': 'export const now = () => Number(globalThis.process.env.NOW ?? Date.now());\n',
    });
    const reads = (file: string, line: number) =>
      `${file}:${line}: process-env: reads process.env: only apps/server/src/env.ts reads the environment (or allow this file, with a reason, in the architecture check's config)`;
    expect(lines(root)).toEqual([
      reads('apps/server/src/http/rest/slots.ts', 2),
      reads('apps/server/src/http/rest/slots.ts', 3),
      reads('apps/server/src/http/rest/slots.ts', 4),
      reads('packages/api/src/lib/time.ts', 1),
    ]);
  });

  it('lets a file read process.env only with a written reason in the config, and drops stale entries', () => {
    const root = plant({
      'packages/api/src/lib/time.ts': 'export const now = () => Number(process.env.NOW ?? Date.now());\n',
    });
    const allowing = (entries: ArchitectureConfig['processEnvAllowed']) =>
      lines(root, { ...plantedConfig, processEnvAllowed: entries });
    expect(allowing([{ file: 'packages/api/src/lib/time.ts', reason: 'a fixed clock for a demo' }])).toEqual([]);
    expect(allowing([{ file: 'packages/api/src/lib/time.ts', reason: ' ' }])).toEqual([
      "packages/api/src/lib/time.ts:1: config: the architecture check's process.env allow-list entry has no reason: say why this file may read process.env",
    ]);
    expect(
      allowing([
        { file: 'packages/api/src/lib/time.ts', reason: 'a fixed clock for a demo' },
        { file: 'packages/api/src/lib/gone.ts', reason: 'moved away' },
        { file: 'packages/api/src/slots/service.ts', reason: 'no longer reads it' },
      ]),
    ).toEqual([
      "packages/api/src/lib/gone.ts:1: config: the architecture check's process.env allow-list entry names a file that does not exist: remove the entry",
      "packages/api/src/slots/service.ts:1: config: the architecture check's process.env allow-list entry names a file that reads no process.env: remove the entry",
    ]);
  });

  it("fails on a REST file calling another domain's procedures", () => {
    const root = plant({
      'apps/server/src/http/rest/slots.ts':
        "import type { RestRoute } from './route';\nexport const slotRoutes: RestRoute[] = [\n  { path: '/api/volunteer-slots', handle: (r: any) => r.caller.slots.list() },\n  { path: '/api/volunteers/:id/cancel', handle: (r: any) => r.caller.volunteers.cancel() },\n  { path: '/api/upload', authorize: (caller: any) => caller.settings.mayUpload() },\n];\n",
    });
    expect(lines(root)).toEqual([
      "apps/server/src/http/rest/slots.ts:4: rest-domain: rest/slots.ts calls caller.volunteers: a REST file calls only its own domain's procedures (put the route in rest/volunteers.ts)",
      "apps/server/src/http/rest/slots.ts:5: rest-domain: rest/slots.ts calls caller.settings: a REST file calls only its own domain's procedures (put the route in rest/settings.ts)",
    ]);
  });

  it("fails on console in the server's code, in any of its spellings, outside the allowed folders", () => {
    const root = plant({
      'packages/api/src/slots/service.ts':
        "import { now } from '../lib/time';\nexport function slotsOf() {\n  console.error('Slot check failed:', now());\n  return now();\n}\n",
      'packages/db/src/index.ts':
        "const log = console.log;\nconst { warn } = console;\nglobalThis.console.info('ready');\nconsole['debug']('db');\nexport const db = { log, warn };\n",
      'apps/server/src/main.test.ts':
        "import { start } from './main';\n// console.log in a comment is not a call, nor is 'console.log' in a string.\nstart();\n",
      // Outside the rule's roots: the browser app, and test code outside src/.
      'apps/web/src/App.tsx': 'export const App = () => {\n  console.log(import.meta.url);\n};\n',
      'apps/server/test/support/harness.ts':
        "import { start } from '../../src/main';\nconsole.log('harness');\nexport const harness = () => ({ env: process.env, server: start() });\n",
    });
    const uses = (file: string, line: number, name: string) =>
      `${file}:${line}: console: uses ${name}: log through the Runtime's logger (pino JSON lines), never console (or allow the folder, with a reason, in the architecture check's config)`;
    expect(lines(root)).toEqual([
      uses('packages/api/src/slots/service.ts', 3, 'console.error'),
      uses('packages/db/src/index.ts', 1, 'console.log'),
      uses('packages/db/src/index.ts', 2, '{ warn } = console'),
      uses('packages/db/src/index.ts', 3, 'console.info'),
      uses('packages/db/src/index.ts', 4, "console['debug']"),
    ]);
  });

  it('lets a folder use console only with a written reason in the config, and drops stale entries', () => {
    const root = plant();
    const allowing = (entries: ArchitectureConfig['consoleAllowed']) =>
      lines(root, { ...plantedConfig, consoleAllowed: entries });
    expect(allowing([])).toEqual([
      "apps/server/src/scripts/backup.ts:2: console: uses console.log: log through the Runtime's logger (pino JSON lines), never console (or allow the folder, with a reason, in the architecture check's config)",
    ]);
    expect(allowing([{ folder: 'apps/server/src/scripts', reason: ' ' }])).toEqual([
      "apps/server/src/scripts:1: config: the architecture check's console allow-list entry has no reason: say why the code in this folder may write to the console",
    ]);
    expect(
      allowing([
        { folder: 'apps/server/src/scripts', reason: 'prints to the person at the terminal' },
        { folder: 'apps/server/src/tools', reason: 'moved away' },
        { folder: 'apps/web/src', reason: 'not covered by the rule' },
      ]),
    ).toEqual([
      "apps/server/src/tools:1: config: the architecture check's console allow-list entry names a folder that does not exist: remove the entry",
      "apps/web/src:1: config: the architecture check's console allow-list entry names a folder outside the rule's roots: remove the entry",
    ]);
  });

  it('fails on mail sent through the mail pool anywhere but the email domain', () => {
    const root = plant({
      'packages/api/src/volunteers/service.ts':
        "import type { Slot } from '../slots/types';\nimport { slotsOf } from '../slots/service';\nexport function signUp(slot?: Slot | number, ctx?: any) {\n  void ctx.runtime.mail.send({ to: 'x' });\n  const { mail } = ctx.runtime;\n  void mail.send({ to: 'y' });\n  return slot ?? slotsOf();\n}\n",
      // Sending through the email domain is the way.
      'packages/api/src/slots/service.ts':
        "import { now } from '../lib/time';\nimport { sendMail } from '../email/service';\nexport function slotsOf() {\n  void sendMail({}, {});\n  return now();\n}\n",
    });
    const sends = (line: number) =>
      `packages/api/src/volunteers/service.ts:${line}: mail-pool: sends through the mail pool directly: every email goes out through sendMail in packages/api/src/email/`;
    expect(lines(root)).toEqual([sends(4), sends(6)]);
  });

  it('fails on a folder under src/ that holds only tests', () => {
    const root = plant({
      'apps/server/src/crash/crash.test.ts': "import { start } from '../main';\nstart();\n",
      'apps/server/src/deploy/proxy/caddy.test.ts': "import { start } from '../../main';\nstart();\n",
    });
    expect(lines(root)).toEqual([
      "apps/server/src/crash/crash.test.ts:1: test-code-in-src: apps/server/src/crash/ holds only tests: whole-system tests live in the package's test/ folder, unit tests beside their code",
      "apps/server/src/deploy/proxy/caddy.test.ts:1: test-code-in-src: apps/server/src/deploy/ holds only tests: whole-system tests live in the package's test/ folder, unit tests beside their code",
    ]);
  });

  it('fails on code under src/ that only tests use (fixtures, fakes, harnesses), and on a test folder under src/', () => {
    const root = plant({
      'apps/web/src/components/Panel/Panel.tsx': 'export const Panel = () => null;\n',
      'apps/web/src/components/Panel/fixtures.ts':
        "import { rows } from './fixtureRows';\nexport const fixture = rows;\n",
      'apps/web/src/components/Panel/fixtureRows.ts': 'export const rows = [1, 2];\n',
      'apps/web/src/components/Panel/Panel.test.tsx':
        "import { fixture } from './fixtures';\nimport { Panel } from './Panel';\nPanel(fixture);\n",
      'apps/web/src/components/Card/Card.tsx': 'export const Card = () => null;\n',
      'apps/web/src/components/Card/Card.test.tsx':
        "import { fixture } from '../Panel/fixtures';\nimport { Card } from './Card';\nCard(fixture);\n",
      'apps/web/src/App.tsx':
        "import { Card } from './components/Card/Card';\nimport { Panel } from './components/Panel/Panel';\nexport const App = [Card, Panel];\n",
      'apps/web/src/test/setup.ts': "import { App } from '../App';\nvoid App;\n",
      'packages/api/src/lib/fakeMailer.ts': 'export const fakeMailer = { send: () => undefined };\n',
      'packages/api/src/slots/service.test.ts': "import { fakeMailer } from '../lib/fakeMailer';\nvoid fakeMailer;\n",
      'e2e/journey.test.ts': "import { fakeMailer } from '../packages/api/src/lib/fakeMailer';\nvoid fakeMailer;\n",
    });
    expect(lines(root)).toEqual([
      'apps/web/src/components/Panel/fixtureRows.ts:1: test-code-in-src: only tests use this file (imported by apps/web/src/components/Panel/fixtures.ts): test-only code lives in a test/ folder, outside src/',
      'apps/web/src/components/Panel/fixtures.ts:1: test-code-in-src: only tests use this file (imported by apps/web/src/components/Card/Card.test.tsx, apps/web/src/components/Panel/Panel.test.tsx): test-only code lives in a test/ folder, outside src/',
      "apps/web/src/test/setup.ts:1: test-code-in-src: test-only code in a test folder under src/: it belongs in the package's own test/ folder",
      'packages/api/src/lib/fakeMailer.ts:1: test-code-in-src: only tests use this file (imported by e2e/journey.test.ts, packages/api/src/slots/service.test.ts): test-only code lives in a test/ folder, outside src/',
    ]);
  });

  it('the command prints one line per finding and exits 1, and exits 0 on a clean tree', () => {
    const command = fileURLToPath(new URL('./check.ts', import.meta.url));
    // The command uses the repository's config: its allow-listed files are planted too, reading process.env.
    const allowed = Object.fromEntries(config.processEnvAllowed.map((e) => [e.file, 'void process.env.TZ;\n']));
    const broken = plant({
      ...allowed,
      'packages/db/src/index.ts': "export { start } from '@pac/server';\n",
      'apps/server/src/crash/crash.test.ts': "import { start } from '../main';\nstart();\n",
    });
    const failed = spawnSync(process.execPath, [command, broken], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr.trim().split('\n')).toEqual([
      "apps/server/src/crash/crash.test.ts:1: test-code-in-src: apps/server/src/crash/ holds only tests: whole-system tests live in the package's test/ folder, unit tests beside their code",
      "packages/db/src/index.ts:1: packages-import-apps: imports '@pac/server' from apps/: packages never depend on apps",
      'architecture check: 2 findings',
    ]);
    const clean = spawnSync(process.execPath, [command, plant(allowed)], { encoding: 'utf8' });
    expect([clean.status, clean.stderr, clean.stdout]).toEqual([0, '', 'architecture check: the house rules hold\n']);
  });
});

describe('the architecture check on this repository', () => {
  it('finds nothing', () => {
    expect(checkArchitecture(repositoryRoot, config).map(formatFinding)).toEqual([]);
  });
});
