/**
 * Screenshot (golden image) tests of the announcement card: the card for a Chinese and a Farsi
 * headline (and the Chinese one with a logo), decoded from its JPEG with jpeg-js, box-averaged 4 × 4
 * down to 270 × 338 and compared with the reference PNGs in __screenshots__/card/. A render passes when
 * its mean difference per channel and its share of differing pixels are both under the thresholds
 * below; the last test shows that another headline, or the same one a character apart, fails them.
 *
 * When the card's design changes on purpose, rewrite the references, look at them, and commit them:
 *
 *   UPDATE_CARD_SCREENSHOTS=1 pnpm exec vitest run --project @pac/notify packages/notify/test/card-screenshots
 *
 * Without it a missing reference fails the test (it is never written silently). A failed comparison
 * writes the render (the full JPEG, and a PNG at the reference's size) and a diff image (the reference
 * dimmed, the differing pixels red) to os.tmpdir()/pac-card-screenshots/ and names them in the failure.
 *
 * Kept in test/, not beside card.ts: the architecture check lets only apps/server/src/env.ts read the
 * environment under a src/ folder.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { type AnnouncementCardInput, renderAnnouncementCard } from '../src/card/card';
import { cardRenderer } from '../src/card/fonts';

const updating = process.env.UPDATE_CARD_SCREENSHOTS === '1';
const referenceDir = fileURLToPath(new URL('./__screenshots__/card/', import.meta.url));
const failureDir = join(tmpdir(), 'pac-card-screenshots');

/** Each side is averaged over blocks of SCALE × SCALE pixels: 1080 × 1350 compares at 270 × 338. */
const SCALE = 4;
/** A pixel differs when one of its channels is more than this (of 255) from the reference's, after averaging. */
const PIXEL_TOLERANCE = 16;
/** The mean absolute difference per channel (of 255) a render may have from its reference. */
const MAX_MEAN_DIFFERENCE = 1;
/** The share of pixels that may differ: 0.1 %, about 91 of 91,260. One changed glyph is 0.2 to 0.5 %. */
const MAX_DIFFERING_SHARE = 0.001;

interface Pixels {
  width: number;
  height: number;
  /** RGBA, 8 bits a channel. */
  data: Uint8Array;
}

/** The mean of each SCALE × SCALE block (the last row and column of blocks may be partial). */
function boxAverage(p: Pixels): Pixels {
  const width = Math.ceil(p.width / SCALE);
  const height = Math.ceil(p.height / SCALE);
  const data = new Uint8Array(width * height * 4);
  for (let by = 0; by < height; by++)
    for (let bx = 0; bx < width; bx++) {
      const sum = [0, 0, 0];
      let count = 0;
      for (let y = by * SCALE; y < Math.min(p.height, (by + 1) * SCALE); y++)
        for (let x = bx * SCALE; x < Math.min(p.width, (bx + 1) * SCALE); x++) {
          const i = (y * p.width + x) * 4;
          for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (p.data[i + c] ?? 0);
          count += 1;
        }
      const o = (by * width + bx) * 4;
      for (let c = 0; c < 3; c++) data[o + c] = Math.round((sum[c] ?? 0) / count);
      data[o + 3] = 255;
    }
  return { width, height, data };
}

/** The card for `input`, as jpeg-js decodes it (a decoder independent of the renderer), box-averaged. */
async function renderScaled(input: AnnouncementCardInput): Promise<{ jpeg: Buffer; pixels: Pixels }> {
  const jpeg = await renderAnnouncementCard(input);
  return { jpeg, pixels: boxAverage(decode(jpeg, { useTArray: true, formatAsRGBA: true })) };
}

async function encodePng(p: Pixels): Promise<Buffer> {
  const canvas = cardRenderer().skia.createCanvas(p.width, p.height);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(p.width, p.height);
  image.data.set(p.data);
  ctx.putImageData(image, 0, 0);
  return canvas.encode('png');
}

async function decodePng(bytes: Uint8Array): Promise<Pixels> {
  const { skia } = cardRenderer();
  const image = new skia.Image();
  image.src = bytes;
  await image.decode();
  const canvas = skia.createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { width, height, data } = ctx.getImageData(0, 0, image.width, image.height);
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

const referenceFile = (name: string) => join(referenceDir, `${name}.png`);

/** The committed reference; a missing one fails, naming the way to write it. */
async function reference(name: string): Promise<Pixels> {
  const file = referenceFile(name);
  if (!existsSync(file))
    expect.fail(`No reference image ${file}: write it with UPDATE_CARD_SCREENSHOTS=1, look at it, and commit it`);
  return decodePng(readFileSync(file));
}

interface Difference {
  /** Mean absolute difference per RGB channel, 0 to 255. */
  mean: number;
  /** Share of pixels with a channel more than PIXEL_TOLERANCE apart, 0 to 1. */
  differing: number;
  /** Per pixel: its largest channel difference. */
  perPixel: Uint8Array;
}

function difference(expected: Pixels, actual: Pixels): Difference {
  if (expected.width !== actual.width || expected.height !== actual.height)
    return { mean: 255, differing: 1, perPixel: new Uint8Array(actual.width * actual.height).fill(255) };
  const pixels = expected.width * expected.height;
  const perPixel = new Uint8Array(pixels);
  let sum = 0;
  let differing = 0;
  for (let i = 0; i < pixels; i++) {
    let largest = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs((expected.data[i * 4 + c] ?? 0) - (actual.data[i * 4 + c] ?? 0));
      sum += d;
      largest = Math.max(largest, d);
    }
    perPixel[i] = largest;
    if (largest > PIXEL_TOLERANCE) differing += 1;
  }
  return { mean: sum / (pixels * 3), differing: differing / pixels, perPixel };
}

const matches = (d: Difference) => d.mean <= MAX_MEAN_DIFFERENCE && d.differing <= MAX_DIFFERING_SHARE;

/** The reference dimmed to grey, with the differing pixels in red (brighter for larger differences). */
function diffImage(expected: Pixels, actual: Pixels, d: Difference): Pixels {
  const base = expected.width === actual.width && expected.height === actual.height ? expected : actual;
  const data = new Uint8Array(actual.width * actual.height * 4);
  d.perPixel.forEach((largest, i) => {
    const grey = Math.round(
      0.3 *
        (0.299 * (base.data[i * 4] ?? 0) + 0.587 * (base.data[i * 4 + 1] ?? 0) + 0.114 * (base.data[i * 4 + 2] ?? 0)),
    );
    const red = largest > PIXEL_TOLERANCE ? 128 + Math.round(largest / 2) : grey;
    data.set([red, largest > PIXEL_TOLERANCE ? 0 : grey, largest > PIXEL_TOLERANCE ? 0 : grey, 255], i * 4);
  });
  return { width: actual.width, height: actual.height, data };
}

/** Writes the render and the diff where a person can look at them; answers the failure's message. */
async function keepFailure(name: string, jpeg: Buffer, expected: Pixels, actual: Pixels, d: Difference) {
  mkdirSync(failureDir, { recursive: true });
  const files = {
    render: join(failureDir, `${name}.actual.jpg`),
    scaled: join(failureDir, `${name}.actual.png`),
    diff: join(failureDir, `${name}.diff.png`),
  };
  writeFileSync(files.render, jpeg);
  writeFileSync(files.scaled, await encodePng(actual));
  writeFileSync(files.diff, await encodePng(diffImage(expected, actual, d)));
  return (
    `The ${name} card differs from ${referenceFile(name)} (${expected.width} × ${expected.height} against ` +
    `${actual.width} × ${actual.height}): mean ${d.mean.toFixed(3)} (at most ${MAX_MEAN_DIFFERENCE}), ` +
    `${(d.differing * 100).toFixed(3)} % of pixels differ (at most ${MAX_DIFFERING_SHARE * 100} %). ` +
    `The render: ${files.render} and ${files.scaled}; the diff: ${files.diff}. ` +
    'If the change is meant, rewrite the references with UPDATE_CARD_SCREENSHOTS=1.'
  );
}

/** A fixed 240 × 240 logo: a red disc with a white square. */
async function logo(): Promise<Buffer> {
  const canvas = cardRenderer().skia.createCanvas(240, 240);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#c8102e';
  ctx.beginPath();
  ctx.arc(120, 120, 110, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(70, 70, 100, 100);
  return canvas.encode('png');
}

const schoolName = 'Lord Byng Secondary School';
const chinese = { schoolName, headline: '星期五提早放學，下午一時', date: '2026年12月4日 星期五' };
const farsi = { schoolName, headline: 'تعطیلی زودهنگام جمعه ساعت ۱ بعدازظهر', date: 'جمعه ۱۳ آذر ۱۴۰۵' };

const cases: { name: string; input: () => Promise<AnnouncementCardInput> }[] = [
  { name: 'chinese', input: () => Promise.resolve(chinese) },
  { name: 'farsi', input: () => Promise.resolve(farsi) },
  { name: 'chinese-logo', input: async () => ({ ...chinese, logo: await logo() }) },
];

describe('announcement card screenshots', () => {
  it.each(cases)('the $name card matches its reference image', async ({ name, input }) => {
    const { jpeg, pixels } = await renderScaled(await input());
    if (updating) {
      mkdirSync(referenceDir, { recursive: true });
      writeFileSync(referenceFile(name), await encodePng(pixels));
      console.info(`card screenshots: wrote ${referenceFile(name)}`);
    }
    const expected = await reference(name);
    const d = difference(expected, pixels);
    const message = matches(d) ? '' : await keepFailure(name, jpeg, expected, pixels, d);
    expect([expected.width, expected.height], message).toEqual([270, 338]);
    expect(d.mean, message).toBeLessThanOrEqual(MAX_MEAN_DIFFERENCE);
    expect(d.differing, message).toBeLessThanOrEqual(MAX_DIFFERING_SHARE);
  });

  it('fails for another headline, one character apart or another language, and without the logo', async () => {
    const chineseReference = await reference('chinese');
    const farsiReference = await reference('farsi');
    const logoReference = await reference('chinese-logo');

    // The other language: far beyond both thresholds, each way.
    for (const d of [
      difference(chineseReference, (await renderScaled(farsi)).pixels),
      difference(farsiReference, (await renderScaled(chinese)).pixels),
    ]) {
      expect(d.mean).toBeGreaterThan(10 * MAX_MEAN_DIFFERENCE);
      expect(d.differing).toBeGreaterThan(50 * MAX_DIFFERING_SHARE);
    }

    // One glyph changed (一 to 二, ۱ to ۲): the share of differing pixels catches it.
    const oneCharacter = [
      difference(chineseReference, (await renderScaled({ ...chinese, headline: '星期五提早放學，下午二時' })).pixels),
      difference(farsiReference, (await renderScaled({ ...farsi, headline: farsi.headline.replace('۱', '۲') })).pixels),
    ];
    for (const d of oneCharacter) {
      expect(matches(d)).toBe(false);
      expect(d.differing).toBeGreaterThan(1.5 * MAX_DIFFERING_SHARE);
    }

    // The logo's tile and the name moved beside it.
    const withoutLogo = difference(logoReference, (await renderScaled(chinese)).pixels);
    expect(withoutLogo.mean).toBeGreaterThan(2 * MAX_MEAN_DIFFERENCE);
    expect(withoutLogo.differing).toBeGreaterThan(10 * MAX_DIFFERING_SHARE);
  });
});
