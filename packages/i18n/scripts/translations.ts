/**
 * A translator's way in and out of a catalog without hand-editing `.po` syntax:
 *
 *   tsx scripts/translations.ts export fa web [--all] > fa-web.json
 *       the messages of locales/fa/web.po still without a translation (every one with --all), as
 *       [{ "id": English, "translation": "", "comment": for the translator, "origin": files }]
 *   tsx scripts/translations.ts import fa web fa-web.json
 *       writes each entry's non-empty "translation" into locales/fa/web.po (ids it does not hold
 *       are reported and skipped); then `pnpm --filter @pac/i18n compile`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const [command, locale, part, file] = process.argv.slice(2);
const usage =
  'usage: translations.ts export <language> <web|server> [--all] | import <language> <web|server> <file.json>';

const config = getConfig({ cwd: root, configPath: path.join(root, 'lingui.config.ts') });
const catalog = (await getCatalogs(config)).find((c) => path.basename(c.path) === part);
if (!catalog || !locale || !config.locales.includes(locale) || (command !== 'export' && command !== 'import')) {
  console.error(usage);
  process.exit(2);
}
const messages = (await catalog.read(locale)) ?? {};

/** The comments a translator reads (not Lingui's own flag that the id is the English). */
const comments = (list: string[] | undefined) => (list ?? []).filter((c) => c !== 'js-lingui-explicit-id');

if (command === 'export') {
  const all = process.argv.includes('--all');
  const entries = Object.entries(messages)
    .filter(([, entry]) => !entry.obsolete && (all || !entry.translation))
    .map(([id, entry]) => ({
      id,
      translation: entry.translation ?? '',
      ...(comments(entry.comments).length ? { comment: comments(entry.comments).join(' ') } : {}),
      origin: [...new Set((entry.origin ?? []).map(([origin]) => origin.replace(/^(\.\.\/)+/, '')))].join(', '),
    }));
  process.stdout.write(`${JSON.stringify(entries, null, 1)}\n`);
} else {
  if (!file) {
    console.error(usage);
    process.exit(2);
  }
  const entries = JSON.parse(await readFile(file, 'utf8')) as { id: string; translation?: string }[];
  let written = 0;
  const unknown: string[] = [];
  for (const { id, translation } of entries) {
    const entry = messages[id];
    if (!entry) {
      unknown.push(id);
      continue;
    }
    if (typeof translation === 'string' && translation.trim() !== '') {
      entry.translation = translation;
      written += 1;
    }
  }
  await catalog.write(locale, messages);
  console.log(`${locale}/${part}: ${written} translations written`);
  if (unknown.length > 0)
    console.error(`Not in the catalog (skipped):\n  ${unknown.map((id) => JSON.stringify(id)).join('\n  ')}`);
}
