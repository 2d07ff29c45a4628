import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * No English a person reads outside the catalogs (DESIGN.md rule 17): the web app as built (its
 * JavaScript, with source maps to tell our code from the libraries') and the server's mail
 * templates. Every English phrase in our code must be a message id of the catalogs (what
 * `i18n._` looks up, and what English shows as it is); a phrase that is not was written for a
 * person and never reaches the other languages.
 */

const repo = fileURLToPath(new URL('..', import.meta.url));
const webRoot = join(repo, 'apps/web');

/** Every message id of a language's compiled catalogs: the English texts the code may hold. */
function catalogIds(): Set<string> {
  const ids = new Set<string>();
  const dir = join(repo, 'packages/i18n/compiled/en');
  for (const part of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const messages = JSON.parse(readFileSync(join(dir, part), 'utf8')) as Record<string, unknown>;
    for (const [id, message] of Object.entries(messages)) {
      ids.add(id);
      // A message whose id names its meaning ('To (the people a message goes to)') shows its English.
      if (Array.isArray(message) && message.every((piece) => typeof piece === 'string')) ids.add(message.join(''));
    }
  }
  return ids;
}

/**
 * Whether a text reads as English words for a person: two words of letters with a space between
 * them, at least one of them lower case (so 'PAC Hub' and 'Noto Sans' are names, not phrases).
 * Code-like strings (CSS, selectors, paths, identifiers) are not phrases.
 */
function isPhrase(text: string): boolean {
  // Markup is not words: what a person reads is the text between the tags.
  const trimmed = text
    .replace(/<[^>]*>?/g, ' ')
    .replace(/^[^<]*>/, ' ')
    .trim();
  if (!/[A-Za-z]{2,}[,.!?']? +[A-Za-z]{2,}/.test(trimmed)) return false;
  if (!/\b[a-z]{2,}\b/.test(trimmed)) return false;
  // CSS values and selectors, media queries, SVG paths, format strings.
  if (/^[\s\w-]*[:;{}()#.[\]>=~*|@$]|var\(--|calc\(|\(max-width|\dpx\b|^\s*[a-z]+(-[a-z]+)+(\s|$)/.test(trimmed))
    return false;
  // A link's rel, a font stack.
  if (/^(noopener|noreferrer|nofollow)( |$)|sans-serif/.test(trimmed)) return false;
  return true;
}

/** Literal texts in a JavaScript or TypeScript file, with their positions. */
/** The props and options that hold what a person reads (a JSX child compiles to `children`). */
const shownProps = new Set([
  'children',
  'label',
  'title',
  'placeholder',
  'aria-label',
  'alt',
  'description',
  'message',
  'error',
  'confirmLabel',
  'cancelLabel',
]);

interface Literal {
  text: string;
  line: number;
  column: number;
  /** Whether it is the value of a prop that a person reads, however short. */
  shown: boolean;
}

function literals(file: string, code: string, kind: ts.ScriptKind): Literal[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
  const found: Literal[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      // A note for translators (`{ comment: '…' }` beside a message) is read by translators only.
      const parent = node.parent;
      const translatorNote =
        ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name) && parent.name.text === 'comment';
      // An error's message for developers (caught, logged or a programming error: the app shows a
      // catalog sentence instead), and console lines.
      const call = ts.isTemplateSpan(parent) || ts.isTemplateExpression(parent) ? parent.parent : parent;
      const forDevelopers =
        ((ts.isNewExpression(call) || ts.isCallExpression(call)) && /Error$/.test(call.expression.getText(source))) ||
        (ts.isCallExpression(call) && /^console\./.test(call.expression.getText(source)));
      const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
      const shown =
        ts.isJsxText(node) ||
        (ts.isPropertyAssignment(parent) &&
          (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name)) &&
          shownProps.has(parent.name.text));
      // A prop's name (`{ 'aria-label': … }`) is not its value.
      const propName = ts.isPropertyAssignment(parent) && parent.name === node;
      if (!translatorNote && !forDevelopers && !propName)
        found.push({ text: node.text, line, column: character, shown });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What a person reads that is not English to translate: names and example addresses. */
const notForPeople: RegExp[] = [
  // Names: the product's and the social networks'.
  /^(PAC Hub|Facebook|Instagram)$/,
  // Example addresses in fields' placeholders.
  /^\S+@\S+\.\w+$|^https?:\/\//,
];

let outDir = '';

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'pac-english-'));
  // The production build, with source maps, somewhere of its own.
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, sourcemap: true, emptyOutDir: true },
  });
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('English outside the catalogs', () => {
  it('the web app as built holds no English phrase of ours that is not a message of the catalogs', () => {
    const ids = catalogIds();
    const assets = join(outDir, 'assets');
    const offenders: string[] = [];
    let ours = 0;
    for (const name of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(assets, name), 'utf8');
      const map = new SourceMap(JSON.parse(readFileSync(join(assets, `${name}.map`), 'utf8')) as never);
      for (const literal of literals(name, code, ts.ScriptKind.JS)) {
        // A phrase anywhere, or a word shown as a label or a child ('Save').
        if (!isPhrase(literal.text) && !(literal.shown && /\p{L}{2,}/u.test(literal.text))) continue;
        const entry = map.findEntry(literal.line, literal.column);
        const origin = ('originalSource' in entry ? entry.originalSource : undefined) ?? '';
        // Our code, not a library's: the app's and the workspace packages' sources.
        if (origin.includes('node_modules') || !/\/(apps\/web\/src|packages\/[^/]+\/src)\//.test(origin)) continue;
        ours += 1;
        if (ids.has(literal.text) || notForPeople.some((p) => p.test(literal.text))) continue;
        offenders.push(`${relative(repo, origin.replace(/^file:\/\//, ''))}: ${JSON.stringify(literal.text)}`);
      }
    }
    // The search saw our code's phrases (the catalogs' ids among them), not an empty build.
    expect(ours).toBeGreaterThan(500);
    expect([...new Set(offenders)], 'English phrases outside the catalogs').toEqual([]);
  });

  it('the mail templates hold no English phrase that is not a message of the catalogs', () => {
    const ids = catalogIds();
    const dir = join(repo, 'packages/notify/src/email');
    const offenders: string[] = [];
    let phrases = 0;
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const code = readFileSync(join(dir, name), 'utf8');
      // Comments are for developers; JSDoc and line comments are not literals, so they are skipped.
      for (const literal of literals(name, code, ts.ScriptKind.TS)) {
        if (!isPhrase(literal.text)) continue;
        phrases += 1;
        if (ids.has(literal.text) || notForPeople.some((p) => p.test(literal.text))) continue;
        offenders.push(`${name}:${literal.line + 1}: ${JSON.stringify(literal.text)}`);
      }
    }
    expect(phrases).toBeGreaterThan(25);
    expect(offenders, 'English phrases outside the catalogs').toEqual([]);
  });
});
