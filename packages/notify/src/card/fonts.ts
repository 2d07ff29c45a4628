import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Skia from '@napi-rs/canvas';

/**
 * The Noto Sans families the card draws with (SIL Open Font License 1.1), each the variable-weight
 * WOFF2 files of its Fontsource package: one file per Unicode range, all registered under one name,
 * and Skia picks per character the file that has it. Latin covers accents, Vietnamese, Tagalog and
 * Devanagari (Hindi); the others Farsi, Punjabi (Gurmukhi) and Chinese and Korean.
 */
const families = [
  { family: 'PAC Card Latin', fontPackage: '@fontsource-variable/noto-sans' },
  { family: 'PAC Card Arabic', fontPackage: '@fontsource-variable/noto-sans-arabic' },
  { family: 'PAC Card Gurmukhi', fontPackage: '@fontsource-variable/noto-sans-gurmukhi' },
  { family: 'PAC Card SC', fontPackage: '@fontsource-variable/noto-sans-sc' },
  { family: 'PAC Card TC', fontPackage: '@fontsource-variable/noto-sans-tc' },
  { family: 'PAC Card KR', fontPackage: '@fontsource-variable/noto-sans-kr' },
] as const;

/** The weight axis of the upright face; the packages also carry italics and a width axis we do not use. */
const fontFile = /-wght-normal\.woff2$/;

const hangul = /[\p{Script=Hangul}]/u;

/**
 * The CSS font-family list for `text`: Latin first (its punctuation and digits), then the other
 * scripts; Korean text puts the Korean family before the Chinese ones, so that the punctuation and
 * Han characters it shares with them take Korean forms.
 */
export function fontFamilies(text: string): string {
  const cjk = hangul.test(text)
    ? ['PAC Card KR', 'PAC Card SC', 'PAC Card TC']
    : ['PAC Card SC', 'PAC Card TC', 'PAC Card KR'];
  return ['PAC Card Latin', 'PAC Card Arabic', 'PAC Card Gurmukhi', ...cjk].map((f) => `'${f}'`).join(', ');
}

/** Skia, and what the one-time font registration took. */
export interface CardRenderer {
  skia: typeof Skia;
  /** Milliseconds spent loading Skia and registering the fonts (the first card only). */
  startupMs: number;
  /** How many font files were registered. */
  fontFiles: number;
}

// Skia's font registry is process-wide, so this mirrors that state rather than adding any: it is
// filled once, on the first card, never at import. Loaded through createRequire, not an import, so
// that the server's bundle neither tries to bundle the native module nor loads it before a card is
// asked for; it resolves from the running file, as the fonts do.
let renderer: CardRenderer | undefined;

/** Loads Skia and registers the card's fonts on first use; later calls answer the same renderer. */
export function cardRenderer(): CardRenderer {
  if (renderer) return renderer;
  const started = performance.now();
  const require = createRequire(import.meta.url);
  const skia = require('@napi-rs/canvas') as typeof Skia;
  let fontFiles = 0;
  for (const { family, fontPackage } of families) {
    const folder = join(dirname(require.resolve(`${fontPackage}/package.json`)), 'files');
    const files = readdirSync(folder).filter((name) => fontFile.test(name));
    if (files.length === 0) throw new Error(`${fontPackage} has no variable-weight WOFF2 files in ${folder}`);
    for (const name of files) {
      if (skia.GlobalFonts.registerFromPath(join(folder, name), family) === null)
        throw new Error(`Skia could not read the font ${join(folder, name)}`);
      fontFiles += 1;
    }
  }
  renderer = { skia, startupMs: performance.now() - started, fontFiles };
  return renderer;
}
