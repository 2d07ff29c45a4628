/**
 * The house rules a machine can check (DESIGN.md, rule 16), read from the source files' import
 * specifiers and a few expressions, through TypeScript's parser (comments and strings are not code):
 *
 * - domain-cycle, lib-imports-domain: the domains of packages/api/src (one top-level folder each,
 *   except the shared `lib/`) form a graph without cycles, and `lib/` imports no domain (rule 3);
 * - packages-import-apps: nothing under packages/ imports from apps/ (rule 14);
 * - process-env: under apps/<app>/src and packages/<package>/src, only env.ts reads process.env,
 *   besides files the config allows with a written reason (rule 8);
 * - rest-domain: a REST file rest/<domain>.ts calls only that domain's procedures (rules 3, 6);
 * - console: the server's code (packages/<package>/src, apps/server/src) logs through the Runtime's
 *   logger, never `console`, besides folders the config allows with a written reason (rule 10);
 * - mail-pool: only the email domain (packages/api/src/email/) reaches the Runtime's mail pool;
 *   every other email goes out through its sendMail, the one place every email passes;
 * - test-code-in-src: tests sit beside their code, but test-only code (fakes, fixtures, harnesses,
 *   folders of nothing but tests) lives in test/ folders, never under a src/ (rule 14).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export type RuleId =
  | 'domain-cycle'
  | 'lib-imports-domain'
  | 'packages-import-apps'
  | 'process-env'
  | 'rest-domain'
  | 'console'
  | 'mail-pool'
  | 'test-code-in-src'
  | 'config';

export interface Finding {
  /** Repository-relative, with forward slashes. */
  file: string;
  line: number;
  rule: RuleId;
  message: string;
}

export interface AllowedEnvRead {
  /** Repository-relative path of a file under apps/<app>/src or packages/<package>/src. */
  file: string;
  /** Why this file may read process.env: required, and shown to whoever meets the entry. */
  reason: string;
}

export interface AllowedConsoleFolder {
  /** Repository-relative folder under one of the console rule's roots. */
  folder: string;
  /** Why the code in it may write to the console: required, and shown to whoever meets the entry. */
  reason: string;
}

export interface ArchitectureConfig {
  /** The one file that parses the environment (rule 8). */
  envFile: string;
  /** Other files that may read process.env, each with its reason. */
  processEnvAllowed: readonly AllowedEnvRead[];
  /** The folder whose top-level folders are the API's domains. */
  domainsRoot: string;
  /** Top-level folders of domainsRoot that are shared code, not domains; they may import no domain. */
  sharedFolders: readonly string[];
  /** The REST adapter's folder: each `<domain>.ts` in it calls only `caller.<domain>.…`. */
  restDir: string;
  /** Files of restDir that are shared helpers, not domains. */
  restSharedFiles: readonly string[];
  /** Repository-relative folders whose every file is test code (besides any folder named test/). */
  testRoots: readonly string[];
  /** Folders whose code logs through the Runtime's logger, never `console` (`*` stands for one folder name). */
  loggedRoots: readonly string[];
  /** Folders under loggedRoots whose code may use `console`, each with its reason. */
  consoleAllowed: readonly AllowedConsoleFolder[];
  /**
   * The one folder whose code may reach the Runtime's mail pool (`….mail.send(…)`): every email
   * goes out through its sendMail, which applies what every email must (DESIGN.md, Layout).
   */
  mailFolder: string;
}

interface ImportRef {
  specifier: string;
  line: number;
  /** Repository-relative path of what it names inside the repository (best effort when no file matches), else null. */
  target: string | null;
}

interface SourceFile {
  path: string;
  imports: ImportRef[];
  /** Lines that read process.env. */
  envReads: number[];
  /** Uses of `console` (`console.error(…)`, `console.log` as a value, `const { log } = console`). */
  consoleUses: { name: string; line: number }[];
  /** `caller.<name>` uses: the router each one reaches. */
  callerRefs: { name: string; line: number }[];
  /** Lines that reach a mail pool's send (`runtime.mail.send`, `mail.send`). */
  mailSends: number[];
}

interface WorkspacePackage {
  name: string;
  dir: string;
  manifest: Record<string, unknown>;
}

const skippedFolders = new Set(['node_modules', 'dist', 'dist-ssr', 'coverage']);
const codeFile = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const declarationFile = /\.d\.[cm]?ts$/;
const testFile = /\.(?:test|spec)\.(?:[cm]?[jt]s|[jt]sx)$/;
const testFolders = new Set(['test', 'tests', '__tests__', '__mocks__']);
const resolvable = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];
/** Files whose text can name an entry point (a script, a page's module, a build's input). */
const referenceFile = /(?:^|\/)(?:package\.json|[^/]+\.html|[^/]+\.sh|build\.m?js|[^/]+\.config\.[cm]?[jt]s)$/;

const toPosix = (path: string) => path.split(sep).join('/');

/** Every file of the repository except dependencies, build output, hidden folders and ./data. */
function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (skippedFolders.has(entry.name) || (dir === root && entry.name === 'data')) continue;
        walk(full);
      } else if (entry.isFile()) {
        out.push(toPosix(relative(root, full)));
      }
    }
  };
  walk(root);
  return out.sort();
}

/** The workspace's packages (pnpm-workspace.yaml's `packages:` list; `dir/*` globs one level). */
function workspacePackages(root: string): WorkspacePackage[] {
  const yamlPath = join(root, 'pnpm-workspace.yaml');
  const patterns: string[] = [];
  if (existsSync(yamlPath)) {
    let inList = false;
    for (const line of readFileSync(yamlPath, 'utf8').split('\n')) {
      if (/^packages:\s*$/.test(line)) inList = true;
      else if (inList && /^\s+-\s+/.test(line))
        patterns.push(
          line
            .replace(/^\s+-\s+/, '')
            .replace(/['"]/g, '')
            .trim(),
        );
      else if (inList && /^\S/.test(line)) inList = false;
    }
  } else {
    patterns.push('packages/*', 'apps/*');
  }
  const dirs = patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    if (!existsSync(join(root, parent))) return [];
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `${parent}/${e.name}`);
  });
  return dirs.flatMap((dir) => {
    const manifestPath = join(root, dir, 'package.json');
    if (!existsSync(manifestPath)) return [];
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
    return typeof manifest.name === 'string' ? [{ name: manifest.name, dir, manifest }] : [];
  });
}

/** The file an `exports` value points to, through conditions such as `import` and `default`. */
function conditionTarget(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  for (const key of ['import', 'default', 'node', 'types']) {
    const target = conditionTarget(record[key]);
    if (target) return target;
  }
  return null;
}

/** A package's file for a subpath ('.' or './x'), from its `exports` (or `main`), else the subpath itself. */
function packageTarget(pkg: WorkspacePackage, subpath: string): string {
  const exportsField = pkg.manifest.exports;
  if (typeof exportsField === 'string' || (typeof exportsField === 'object' && exportsField !== null)) {
    const record = typeof exportsField === 'string' ? { '.': exportsField } : (exportsField as Record<string, unknown>);
    const keys = Object.keys(record);
    const map: Record<string, unknown> = keys.every((k) => !k.startsWith('.')) ? { '.': record } : record;
    const direct = conditionTarget(map[subpath]);
    if (direct) return posix.join(pkg.dir, direct);
    for (const [key, value] of Object.entries(map)) {
      const star = key.indexOf('*');
      if (star < 0) continue;
      const before = key.slice(0, star);
      const after = key.slice(star + 1);
      if (!subpath.startsWith(before) || !subpath.endsWith(after)) continue;
      const target = conditionTarget(value);
      if (target)
        return posix.join(pkg.dir, target.replace('*', subpath.slice(before.length, subpath.length - after.length)));
    }
  }
  if (subpath === '.' && typeof pkg.manifest.main === 'string') return posix.join(pkg.dir, pkg.manifest.main);
  return posix.join(pkg.dir, subpath === '.' ? 'index' : subpath);
}

function createResolver(root: string, files: ReadonlySet<string>, packages: readonly WorkspacePackage[]) {
  const found = (path: string) => files.has(path) || (!codeFile.test(path) && existsSync(join(root, path)));
  /** The repository file a path names, as TypeScript and Vite resolve it (extensions, index files, .js → .ts). */
  const fileFor = (path: string): string => {
    const candidates = [path, ...resolvable.map((ext) => path + ext)];
    const js = /\.([cm]?)js(x?)$/.exec(path);
    if (js) {
      const stem = path.slice(0, -js[0].length);
      candidates.push(`${stem}.${js[1] ?? ''}ts${js[2] ?? ''}`, `${stem}.tsx`);
    }
    candidates.push(...resolvable.map((ext) => `${path}/index${ext}`));
    return candidates.find((c) => files.has(c)) ?? candidates.find(found) ?? path;
  };
  return (from: string, specifier: string): string | null => {
    const bare = specifier.split('?')[0] ?? specifier;
    if (bare.startsWith('.')) {
      const path = posix.normalize(posix.join(posix.dirname(from), bare));
      return path.startsWith('..') ? null : fileFor(path);
    }
    const pkg = packages.find((p) => bare === p.name || bare.startsWith(`${p.name}/`));
    if (!pkg) return null;
    return fileFor(packageTarget(pkg, `.${bare.slice(pkg.name.length)}`));
  };
}

function scriptKind(path: string): ts.ScriptKind {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (path.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(path)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

const isProcess = (node: ts.Node): boolean =>
  (ts.isIdentifier(node) && node.text === 'process') ||
  (ts.isPropertyAccessExpression(node) &&
    node.name.text === 'process' &&
    ts.isIdentifier(node.expression) &&
    (node.expression.text === 'globalThis' || node.expression.text === 'global'));

const isConsole = (node: ts.Node): boolean =>
  (ts.isIdentifier(node) && node.text === 'console') ||
  (ts.isPropertyAccessExpression(node) &&
    node.name.text === 'console' &&
    ts.isIdentifier(node.expression) &&
    (node.expression.text === 'globalThis' || node.expression.text === 'global'));

const isCaller = (node: ts.Node): boolean =>
  (ts.isIdentifier(node) && node.text === 'caller') ||
  (ts.isPropertyAccessExpression(node) && node.name.text === 'caller');

/** `mail` or `<anything>.mail`: the Runtime's mail pool, as services reach it (`ctx.runtime.mail`). */
function isMailPool(node: ts.Expression): boolean {
  return (
    (ts.isIdentifier(node) && node.text === 'mail') ||
    (ts.isPropertyAccessExpression(node) && node.name.text === 'mail')
  );
}

/** What one file imports, where it reads process.env or uses console, and which routers it calls through a `caller`. */
function parseFile(root: string, path: string, resolveImport: ReturnType<typeof createResolver>): SourceFile {
  const text = readFileSync(join(root, path), 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKind(path));
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const file: SourceFile = { path, imports: [], envReads: [], consoleUses: [], callerRefs: [], mailSends: [] };
  const addImport = (literal: ts.Node) => {
    if (!ts.isStringLiteralLike(literal)) return;
    file.imports.push({ specifier: literal.text, line: lineOf(literal), target: resolveImport(path, literal.text) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || (ts.isExportDeclaration(node) && node.moduleSpecifier)) {
      if (node.moduleSpecifier) addImport(node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      addImport(node.moduleReference.expression);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const loads =
        callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require');
      if (loads && node.arguments[0]) addImport(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      addImport(node.argument.literal);
    } else if (ts.isPropertyAccessExpression(node)) {
      if (node.name.text === 'env' && isProcess(node.expression)) file.envReads.push(lineOf(node));
      if (isConsole(node.expression)) file.consoleUses.push({ name: `console.${node.name.text}`, line: lineOf(node) });
      if (isCaller(node.expression)) file.callerRefs.push({ name: node.name.text, line: lineOf(node) });
      if (node.name.text === 'send' && isMailPool(node.expression)) file.mailSends.push(lineOf(node));
    } else if (ts.isElementAccessExpression(node)) {
      const key = node.argumentExpression;
      if (isProcess(node.expression) && ts.isStringLiteralLike(key) && key.text === 'env')
        file.envReads.push(lineOf(node));
      if (isConsole(node.expression)) file.consoleUses.push({ name: node.getText(source), line: lineOf(node) });
    } else if (ts.isVariableDeclaration(node) && node.initializer && isProcess(node.initializer)) {
      // const { env } = process
      if (
        ts.isObjectBindingPattern(node.name) &&
        node.name.elements.some((e) => (e.propertyName ?? e.name).getText(source) === 'env')
      )
        file.envReads.push(lineOf(node));
    } else if (ts.isVariableDeclaration(node) && node.initializer && isConsole(node.initializer)) {
      // const { log } = console
      file.consoleUses.push({ name: node.getText(source), line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return file;
}

const segmentsOf = (path: string) => path.split('/');
const isTestFile = (path: string) => testFile.test(path);
/** Inside a test/ (tests/, __tests__/, __mocks__/) folder. */
const inTestFolder = (path: string) =>
  segmentsOf(path)
    .slice(0, -1)
    .some((s) => testFolders.has(s));
/** Under some src/ folder. */
const inSrc = (path: string) => segmentsOf(path).slice(0, -1).includes('src');

/** The shortest chain of domains from `from` to `to` along `edges`, inside `allowed`. */
function shortestPath(
  edges: ReadonlyMap<string, ReadonlySet<string>>,
  from: string,
  to: string,
  allowed: ReadonlySet<string>,
): string[] | null {
  const previous = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    if (node === to) {
      const path: string[] = [];
      for (let n: string | null = node; n !== null; n = previous.get(n) ?? null) path.unshift(n);
      return path;
    }
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      if (!allowed.has(next) || previous.has(next)) continue;
      previous.set(next, node);
      queue.push(next);
    }
  }
  return null;
}

/** Strongly connected components (Tarjan): each domain's component id. */
function components(nodes: readonly string[], edges: ReadonlyMap<string, ReadonlySet<string>>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const component = new Map<string, number>();
  let counter = 0;
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const id = component.size;
      for (;;) {
        const member = stack.pop() as string;
        onStack.delete(member);
        component.set(member, id);
        if (member === node) break;
      }
    }
  };
  for (const node of nodes) if (!index.has(node)) connect(node);
  return component;
}

function domainRules(files: readonly SourceFile[], config: ArchitectureConfig): Finding[] {
  const prefix = `${config.domainsRoot}/`;
  /** The top-level folder of domainsRoot a path is in (null for files directly in it, or outside it). */
  const folderOf = (path: string | null): string | null => {
    if (!path?.startsWith(prefix)) return null;
    const rest = path.slice(prefix.length).split('/');
    return rest.length > 1 ? (rest[0] ?? null) : null;
  };
  const findings: Finding[] = [];
  const edges = new Map<string, Set<string>>();
  const imports: { file: string; line: number; from: string; to: string }[] = [];
  const domains = new Set<string>();
  for (const file of files) {
    const from = folderOf(file.path);
    if (from === null) continue;
    if (!config.sharedFolders.includes(from)) domains.add(from);
    // A test may set its data up through any domain; the graph is the code's.
    if (isTestFile(file.path)) continue;
    for (const ref of file.imports) {
      const to = folderOf(ref.target);
      if (to === null || to === from || config.sharedFolders.includes(to)) continue;
      if (config.sharedFolders.includes(from)) {
        findings.push({
          file: file.path,
          line: ref.line,
          rule: 'lib-imports-domain',
          message: `${from}/ imports the domain ${to} ('${ref.specifier}'): shared code may import no domain`,
        });
        continue;
      }
      imports.push({ file: file.path, line: ref.line, from, to });
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)?.add(to);
    }
  }
  const component = components([...domains].sort(), edges);
  for (const edge of imports) {
    const id = component.get(edge.from);
    if (id === undefined || id !== component.get(edge.to)) continue;
    const members = new Set([...component].filter(([, c]) => c === id).map(([d]) => d));
    const back = shortestPath(edges, edge.to, edge.from, members) ?? [edge.to, edge.from];
    findings.push({
      file: edge.file,
      line: edge.line,
      rule: 'domain-cycle',
      message: `domains ${[edge.from, ...back].join(' → ')}: ${edge.from} imports ${edge.to} here`,
    });
  }
  return findings;
}

function packagesImportApps(files: readonly SourceFile[], packages: readonly WorkspacePackage[]): Finding[] {
  const appNames = packages.filter((p) => p.dir.startsWith('apps/')).map((p) => p.name);
  const findings: Finding[] = [];
  for (const file of files) {
    if (!file.path.startsWith('packages/')) continue;
    for (const ref of file.imports) {
      const byName = appNames.find((name) => ref.specifier === name || ref.specifier.startsWith(`${name}/`));
      if (byName === undefined && !ref.target?.startsWith('apps/')) continue;
      findings.push({
        file: file.path,
        line: ref.line,
        rule: 'packages-import-apps',
        message: `imports '${ref.specifier}' from apps/: packages never depend on apps`,
      });
    }
  }
  return findings;
}

function processEnvRule(root: string, files: readonly SourceFile[], config: ArchitectureConfig): Finding[] {
  const findings: Finding[] = [];
  const allowed = new Map(config.processEnvAllowed.map((entry) => [entry.file, entry]));
  const covered = /^(?:apps|packages)\/[^/]+\/src\//;
  for (const entry of config.processEnvAllowed) {
    const file = files.find((f) => f.path === entry.file);
    const problem =
      entry.reason.trim().length === 0
        ? 'has no reason: say why this file may read process.env'
        : !existsSync(join(root, entry.file))
          ? 'names a file that does not exist: remove the entry'
          : !file || file.envReads.length === 0
            ? 'names a file that reads no process.env: remove the entry'
            : null;
    if (problem)
      findings.push({
        file: entry.file,
        line: 1,
        rule: 'config',
        message: `the architecture check's process.env allow-list entry ${problem}`,
      });
  }
  for (const file of files) {
    if (!covered.test(file.path) || file.path === config.envFile || allowed.has(file.path)) continue;
    for (const line of file.envReads)
      findings.push({
        file: file.path,
        line,
        rule: 'process-env',
        message: `reads process.env: only ${config.envFile} reads the environment (or allow this file, with a reason, in the architecture check's config)`,
      });
  }
  return findings;
}

function restRule(files: readonly SourceFile[], config: ArchitectureConfig): Finding[] {
  const findings: Finding[] = [];
  for (const file of files) {
    if (posix.dirname(file.path) !== config.restDir || isTestFile(file.path)) continue;
    const name = basename(file.path);
    if (config.restSharedFiles.includes(name)) continue;
    const domain = name.replace(/\.[^.]+$/, '');
    for (const ref of file.callerRefs) {
      if (ref.name === domain) continue;
      findings.push({
        file: file.path,
        line: ref.line,
        rule: 'rest-domain',
        message: `rest/${name} calls caller.${ref.name}: a REST file calls only its own domain's procedures (put the route in rest/${ref.name}.ts)`,
      });
    }
  }
  return findings;
}

function consoleRule(root: string, files: readonly SourceFile[], config: ArchitectureConfig): Finding[] {
  const findings: Finding[] = [];
  const pattern = (folder: string) =>
    new RegExp(
      `^${folder
        .split('/')
        .map((part) => (part === '*' ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}/`,
    );
  const roots = config.loggedRoots.map(pattern);
  const inFolder = (path: string, folder: string) => path.startsWith(`${folder}/`);
  for (const entry of config.consoleAllowed) {
    const problem =
      entry.reason.trim().length === 0
        ? 'has no reason: say why the code in this folder may write to the console'
        : !existsSync(join(root, entry.folder))
          ? 'names a folder that does not exist: remove the entry'
          : !roots.some((r) => r.test(`${entry.folder}/`))
            ? "names a folder outside the rule's roots: remove the entry"
            : null;
    if (problem)
      findings.push({
        file: entry.folder,
        line: 1,
        rule: 'config',
        message: `the architecture check's console allow-list entry ${problem}`,
      });
  }
  for (const file of files) {
    if (!roots.some((r) => r.test(file.path))) continue;
    if (config.consoleAllowed.some((entry) => inFolder(file.path, entry.folder))) continue;
    for (const use of file.consoleUses)
      findings.push({
        file: file.path,
        line: use.line,
        rule: 'console',
        message: `uses ${use.name}: log through the Runtime's logger (pino JSON lines), never console (or allow the folder, with a reason, in the architecture check's config)`,
      });
  }
  return findings;
}

function testCodeRule(
  root: string,
  allFiles: readonly string[],
  files: readonly SourceFile[],
  config: ArchitectureConfig,
): Finding[] {
  const findings: Finding[] = [];
  const inTestRoot = (path: string) => config.testRoots.some((r) => path === r || path.startsWith(`${r}/`));
  const testCode = (path: string) => isTestFile(path) || inTestFolder(path) || inTestRoot(path);

  // Folders under a src/ that hold tests and no code of their own.
  // Any other file (a stylesheet, an image, a JSON) is the folder's own.
  const codeBelow = new Map<string, { tests: string[]; code: number }>();
  for (const path of allFiles) {
    const parts = segmentsOf(path);
    const src = parts.indexOf('src');
    if (src < 0 || parts.length < src + 3) continue;
    for (let depth = src + 2; depth < parts.length; depth += 1) {
      const folder = parts.slice(0, depth).join('/');
      const entry = codeBelow.get(folder) ?? { tests: [], code: 0 };
      if (isTestFile(path)) entry.tests.push(path);
      else entry.code += 1;
      codeBelow.set(folder, entry);
    }
  }
  const testOnlyFolders = [...codeBelow]
    .filter(([, e]) => e.code === 0 && e.tests.length > 0)
    .map(([folder]) => folder)
    .sort();
  for (const folder of testOnlyFolders) {
    if (testOnlyFolders.some((outer) => folder.startsWith(`${outer}/`))) continue;
    const first = codeBelow.get(folder)?.tests.sort()[0] ?? folder;
    findings.push({
      file: first,
      line: 1,
      rule: 'test-code-in-src',
      message: `${folder}/ holds only tests: whole-system tests live in the package's test/ folder, unit tests beside their code`,
    });
  }

  // Non-test code under a src/ that only tests use (directly, or through other such files), kept
  // only when a test reaches it.
  const importers = new Map<string, Set<string>>();
  for (const file of files)
    for (const ref of file.imports) {
      if (ref.target === null || ref.target === file.path) continue;
      if (!importers.has(ref.target)) importers.set(ref.target, new Set());
      importers.get(ref.target)?.add(file.path);
    }
  // An entry point (named by a script, a page, a build, a package's exports) is used by whoever runs it.
  const references = allFiles
    .filter((p) => referenceFile.test(p) && !testCode(p))
    .map((p) => ({ dir: posix.dirname(p), text: readFileSync(join(root, p), 'utf8') }));
  const packageDir = (path: string) => {
    const parts = segmentsOf(path);
    const src = parts.indexOf('src');
    return parts.slice(0, src).join('/');
  };
  const namedAsEntry = (path: string) => {
    const pkg = packageDir(path);
    const local = pkg ? path.slice(pkg.length + 1) : path;
    const inPackage = (dir: string) => pkg === '' || dir === pkg || dir.startsWith(`${pkg}/`);
    return references.some((r) => r.text.includes(path) || (inPackage(r.dir) && r.text.includes(local)));
  };
  const candidates = new Set(
    files
      .map((f) => f.path)
      .filter((p) => inSrc(p) && !isTestFile(p) && (importers.get(p)?.size ?? 0) > 0 && !namedAsEntry(p)),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const path of candidates) {
      const used = [...(importers.get(path) ?? [])].some((i) => !testCode(i) && !candidates.has(i));
      if (used) {
        candidates.delete(path);
        changed = true;
      }
    }
  }
  const reached = new Set<string>();
  const reach = (path: string) => {
    if (reached.has(path)) return;
    reached.add(path);
    for (const ref of files.find((f) => f.path === path)?.imports ?? [])
      if (ref.target && candidates.has(ref.target)) reach(ref.target);
  };
  for (const path of candidates)
    if ([...(importers.get(path) ?? [])].some((i) => testCode(i) && !candidates.has(i))) reach(path);
  for (const path of [...candidates].sort()) {
    if (!reached.has(path) || testCode(path)) continue;
    const users = [...(importers.get(path) ?? [])].sort();
    findings.push({
      file: path,
      line: 1,
      rule: 'test-code-in-src',
      message: `only tests use this file (imported by ${users.join(', ')}): test-only code lives in a test/ folder, outside src/`,
    });
  }

  // Code in a test/ folder under a src/ (a harness, fakes, a test set-up) is test-only by where it is.
  for (const file of files) {
    if (!inSrc(file.path) || isTestFile(file.path) || !inTestFolder(file.path)) continue;
    const parts = segmentsOf(file.path);
    if (parts.indexOf('src') > parts.findIndex((s) => testFolders.has(s))) continue;
    findings.push({
      file: file.path,
      line: 1,
      rule: 'test-code-in-src',
      message: "test-only code in a test folder under src/: it belongs in the package's own test/ folder",
    });
  }
  return findings;
}

/** Mail goes out only through the email domain's sendMail: no other code reaches the mail pool's send. */
function mailPoolRule(files: readonly SourceFile[], config: ArchitectureConfig): Finding[] {
  const findings: Finding[] = [];
  for (const file of files) {
    if (isTestFile(file.path) || file.path.startsWith(`${config.mailFolder}/`)) continue;
    for (const line of file.mailSends)
      findings.push({
        file: file.path,
        line,
        rule: 'mail-pool',
        message: `sends through the mail pool directly: every email goes out through sendMail in ${config.mailFolder}/`,
      });
  }
  return findings;
}

/** Every finding for the repository at `root`, sorted by file and line. */
export function checkArchitecture(root: string, config: ArchitectureConfig): Finding[] {
  const allFiles = listFiles(resolve(root));
  const codeFiles = allFiles.filter((p) => codeFile.test(p) && !declarationFile.test(p));
  const packages = workspacePackages(root);
  const resolveImport = createResolver(root, new Set(codeFiles), packages);
  const files = codeFiles.map((path) => parseFile(root, path, resolveImport));
  const findings = [
    ...domainRules(files, config),
    ...packagesImportApps(files, packages),
    ...processEnvRule(root, files, config),
    ...restRule(files, config),
    ...consoleRule(root, files, config),
    ...mailPoolRule(files, config),
    ...testCodeRule(root, allFiles, files, config),
  ];
  const seen = new Set<string>();
  return findings
    .filter((f) => {
      const key = formatFinding(f);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.rule.localeCompare(b.rule));
}

/** One line: `file:line: rule: message`. */
export function formatFinding(finding: Finding): string {
  return `${finding.file}:${finding.line}: ${finding.rule}: ${finding.message}`;
}

/** The repository this script belongs to. */
export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
