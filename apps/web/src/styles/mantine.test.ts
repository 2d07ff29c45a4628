import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(import.meta.dirname, '..');
const core = resolve(src, '../node_modules/@mantine/core');
const read = (path: string) => readFileSync(path, 'utf8');

/** The per-component files of @mantine/core/styles in the order styles.css has them. */
function stylesOrder(): string[] {
  const whole = read(join(core, 'styles.css'));
  return readdirSync(join(core, 'styles'))
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => ({
      name: file.slice(0, -'.css'.length),
      at: whole.indexOf(read(join(core, 'styles', file)).trim()),
    }))
    .sort((a, b) => a.at - b.at)
    .map(({ name, at }) => {
      if (at < 0) throw new Error(`${name}.css is not in styles.css`);
      return name;
    });
}

const imported = (text: string) =>
  [...text.matchAll(/['"]@mantine\/core\/styles\/([A-Za-z-]+)\.css['"]/g)].map((m) => m[1] ?? '');

const first = imported(read(join(src, 'styles/mantine-first.css')));
const rest = imported(read(join(src, 'styles/mantine-rest.css')));
const toasts = imported(read(join(src, 'components/Toasts/Toasts.tsx')));
const tabs = imported(read(join(src, 'features/admin/AdminDashboard/AdminDashboard.tsx')));

/** The app's module that `specifier` (relative to `from`) names, or null for a package. */
function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  throw new Error(`${specifier} from ${from} not found`);
}

/** Static imports and re-exports of a module: what it names from where (type-only ones left out). */
function staticImports(file: string): { names: string[]; from: string }[] {
  const text = read(file);
  return [...text.matchAll(/^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+'([^']+)'/gms)]
    .filter((m) => m[1] === undefined)
    .map((m) => ({
      names: (m[2] ?? '')
        .replace(/[{}]/g, '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '' && !name.startsWith('type '))
        .map((name) => name.split(/\s+as\s+/)[0] ?? name),
      from: m[3] ?? '',
    }));
}

interface Graph {
  /** The Mantine components the modules use, with those they are built from. */
  components: Set<string>;
  /** The parts of Mantine's stylesheet the modules import. */
  styles: Set<string>;
}

/** What the modules that `entry` imports statically (itself included) use and load of Mantine. */
function staticGraph(entry: string): Graph {
  const used = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = read(file);
    if (/styles\/mantine-rest\.css'/.test(text)) rest.forEach((name) => styles.add(name));
    imported(text).forEach((name) => styles.add(name));
    for (const { names, from } of staticImports(file)) {
      if (from === '@mantine/core') names.forEach((name) => used.add(name));
      const next = resolveModule(file, from);
      if (next) visit(next);
    }
  };
  visit(entry);

  const components = new Set<string>();
  const addComponent = (name: string) => {
    const dir = join(core, 'esm/components', name);
    if (components.has(name) || !existsSync(dir)) return;
    components.add(name);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mjs'));
    for (const f of files)
      for (const m of read(join(dir, f)).matchAll(
        /from "(?:\.\.\/)+components\/([A-Za-z]+)\/|from "\.\.\/([A-Za-z]+)\//g,
      ))
        addComponent(m[1] ?? m[2] ?? '');
  };
  used.forEach(addComponent);
  return { components, styles };
}

/** The styles of `graph`'s components that neither `loaded` nor the graph itself provides. */
function missingStyles(graph: Graph, loaded: string[]): string[] {
  return [...graph.components]
    .filter((name) => existsSync(join(core, 'styles', `${name}.css`)))
    .filter((name) => !loaded.includes(name) && !graph.styles.has(name));
}

/** The modules the app loads on demand (`lazy(() => import(...))`). */
function lazyModules(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        for (const m of read(path).matchAll(/lazy\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
          const target = resolveModule(path, m[1] ?? '');
          if (target) found.push(target);
        }
    }
  };
  walk(src);
  return found;
}

describe("Mantine's stylesheet in parts", () => {
  it('has every file of styles.css once, each part in its order', () => {
    const order = stylesOrder();
    expect([...first, ...rest, ...toasts, ...tabs].sort()).toEqual([...order].sort());
    const inOrder = (part: string[]) => order.filter((name) => part.includes(name));
    expect(first).toEqual(inOrder(first));
    expect(rest).toEqual(inOrder(rest));
  });

  it('loads up front the styles of every component the first page uses, and of what they are built from', () => {
    const graph = staticGraph(join(src, 'main.tsx'));
    expect(graph.components).toContain('Button');
    expect(missingStyles(graph, first)).toEqual([]);
  });

  it('has the styles of every module loaded on demand there by the time it renders', () => {
    const modules = lazyModules();
    expect(modules.length).toBeGreaterThan(10);
    const missing = modules
      .map((file) => ({ file: file.slice(src.length), missing: missingStyles(staticGraph(file), first) }))
      .filter((m) => m.missing.length > 0);
    expect(missing).toEqual([]);
  });
});
