/**
 * Compiles the `.po` catalogs into what the app loads: `compiled/{language}/{part}.json`, each
 * message's id with its ICU message parsed (Lingui's compiled form), so that neither the browser nor
 * the server parses a message while a person waits. A message without a translation is compiled from
 * its English (the id), never left out.
 *
 * A translation must keep its English's placeholders (`{name}`, `{count}`) and tags (`<0>…</0>`), and
 * be a valid ICU message with an `other` for each plural: otherwise this fails, naming it.
 *
 *   tsx scripts/compile.ts                 writes the files (after `lingui extract` or a translator's edit)
 *   tsx scripts/compile.ts --check         fails, naming them, when a compiled file differs from its catalog
 *   tsx scripts/compile.ts --check --language fa
 *                                          checks one language's translations only (a translator's check):
 *                                          also lists its messages without a translation
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const check = process.argv.includes('--check');
const languageArgument = process.argv.indexOf('--language');
const onlyLanguage = languageArgument === -1 ? null : (process.argv[languageArgument + 1] ?? null);

/** The argument names a compiled message uses, plural and select branches included. */
function argumentsOf(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    // '#' inside a plural is the count itself, not an argument of its own.
    if (name !== '#') into.add(name);
    if ((type === 'plural' || type === 'select' || type === 'selectordinal') && format && typeof format === 'object') {
      for (const [key, branch] of Object.entries(format)) {
        if (key !== 'offset' && Array.isArray(branch)) argumentsOf(branch as CompiledMessage, into);
      }
    }
  }
  return into;
}

/** Whether every plural in a compiled message has its `other` branch. */
function pluralsHaveOther(message: CompiledMessage): boolean {
  return message.every((token) => {
    if (typeof token === 'string') return true;
    const [, type, format] = token;
    if (!format || typeof format !== 'object') return true;
    const branches = Object.entries(format).filter(([key, branch]) => key !== 'offset' && Array.isArray(branch));
    if ((type === 'plural' || type === 'selectordinal' || type === 'select') && !('other' in format)) return false;
    return branches.every(([, branch]) => pluralsHaveOther(branch as CompiledMessage));
  });
}

const tagsOf = (text: string) =>
  [...text.matchAll(/<\/?(\d+)\/?>/g)]
    .map((m) => m[0])
    .sort()
    .join(' ');
const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
const problems: string[] = [];
const untranslated: string[] = [];

const config = getConfig({ cwd: root, configPath: path.join(root, 'lingui.config.ts') });
const catalogs = await getCatalogs(config);
const stale: string[] = [];
const failures: string[] = [];

const locales: readonly string[] = config.locales;
for (const catalog of catalogs) {
  const part = path.basename(catalog.path);
  for (const locale of locales) {
    if (onlyLanguage !== null && locale !== onlyLanguage) continue;
    if (locale !== config.sourceLocale) {
      const own = await catalog.read(locale);
      for (const [id, entry] of Object.entries(own ?? {})) {
        if (entry.obsolete) continue;
        const translation = entry.translation ?? '';
        if (translation === '') {
          untranslated.push(`${locale}/${part}: ${JSON.stringify(id)}`);
          continue;
        }
        const where = `${locale}/${part}: ${JSON.stringify(id)}`;
        let english: CompiledMessage;
        let translated: CompiledMessage;
        try {
          english = compileMessageOrThrow(id);
          translated = compileMessageOrThrow(translation);
        } catch (error) {
          problems.push(`${where}: not valid ICU MessageFormat (${(error as Error).message})`);
          continue;
        }
        if (!sameSet(argumentsOf(english), argumentsOf(translated))) {
          problems.push(
            `${where}: placeholders {${[...argumentsOf(translated)].join('}, {')}} where the English has {${[...argumentsOf(english)].join('}, {')}}`,
          );
        }
        if (tagsOf(id) !== tagsOf(translation))
          problems.push(`${where}: tags ${tagsOf(translation)} where the English has ${tagsOf(id)}`);
        if (!pluralsHaveOther(translated)) problems.push(`${where}: a plural or select without its 'other' branch`);
      }
    }
    const { messages } = await catalog.getTranslations(locale, {
      fallbackLocales: config.fallbackLocales,
      sourceLocale: config.sourceLocale,
    });
    const compiled: Record<string, unknown> = {};
    for (const id of Object.keys(messages).sort()) {
      try {
        compiled[id] = compileMessageOrThrow(messages[id] ?? id);
      } catch (error) {
        failures.push(`${locale}/${part}: ${JSON.stringify(id)}: ${(error as Error).message}`);
      }
    }
    const file = path.join(root, 'compiled', locale, `${part}.json`);
    const text = `${JSON.stringify(compiled)}\n`;
    if (onlyLanguage !== null) continue;
    if (check) {
      const existing = await readFile(file, 'utf8').catch(() => null);
      if (existing !== text) stale.push(path.relative(root, file));
    } else {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, text);
    }
  }
}

if (onlyLanguage !== null && untranslated.length > 0) {
  console.error(`Messages without a translation:\n  ${untranslated.join('\n  ')}`);
  process.exitCode = 1;
}
if (problems.length > 0) {
  console.error(`Translations that do not fit their English:\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
}
if (failures.length > 0) {
  console.error(`Messages that are not valid ICU MessageFormat:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
}
if (stale.length > 0) {
  console.error(`Compiled catalogs out of date (run \`pnpm --filter @pac/i18n compile\`):\n  ${stale.join('\n  ')}`);
  process.exitCode = 1;
} else if (check && onlyLanguage === null && failures.length === 0 && problems.length === 0) {
  console.log('Compiled catalogs up to date.');
} else if (onlyLanguage !== null && process.exitCode !== 1)
  console.log(`${onlyLanguage}: every message translated and fitting its English.`);
