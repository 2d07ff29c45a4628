import { decode } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_WIDTH, renderAnnouncementCard } from './card';
import { cardRenderer } from './fonts';

interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

const base = { schoolName: 'Lord Byng Secondary School', date: 'Friday, December 5, 2026' };

async function render(headline: string, extra: { schoolName?: string; logo?: Uint8Array } = {}): Promise<Pixels> {
  const jpeg = await renderAnnouncementCard({ ...base, ...extra, headline });
  // A real JPEG decoder, independent of the renderer.
  return decode(jpeg, { useTArray: true, formatAsRGBA: true });
}

const rgb = (p: Pixels, x: number, y: number) => {
  const i = (y * p.width + x) * 4;
  return [p.data[i] ?? 0, p.data[i + 1] ?? 0, p.data[i + 2] ?? 0] as const;
};

/** The headline's box (see card.ts): between the header's rule and the date's. */
const headlineArea = { top: 300, bottom: 1150 };

/** Text is white on a dark blue: a pixel is ink when it is bright. */
const isInk = (p: Pixels, x: number, y: number) => {
  const [r, g, b] = rgb(p, x, y);
  return r > 170 && g > 170 && b > 170;
};

function inkMask(p: Pixels): boolean[] {
  const mask: boolean[] = [];
  for (let y = headlineArea.top; y < headlineArea.bottom; y++)
    for (let x = 0; x < p.width; x++) mask.push(isInk(p, x, y));
  return mask;
}

/** The share of ink pixels that are ink in one render and not the other. */
function inkDifference(a: Pixels, b: Pixels): number {
  const ma = inkMask(a);
  const mb = inkMask(b);
  let either = 0;
  let one = 0;
  ma.forEach((ink, i) => {
    const other = mb[i] ?? false;
    if (ink || other) either += 1;
    if (ink !== other) one += 1;
  });
  return either === 0 ? 0 : one / either;
}

/** The columns that hold ink in the headline's area, and the ink's mean column. */
function inkColumns(p: Pixels) {
  let left = p.width;
  let right = -1;
  let sum = 0;
  let count = 0;
  for (let y = headlineArea.top; y < headlineArea.bottom; y++)
    for (let x = 0; x < p.width; x++)
      if (isInk(p, x, y)) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        sum += x;
        count += 1;
      }
  return { left, right, mean: count === 0 ? Number.NaN : sum / count, count };
}

/** U+E000 is private use: no font has it, so each one draws the .notdef box ("tofu"). */
const tofu = (text: string) => '\uE000'.repeat([...text].length);

const chinese = '家长会：星期五提前放学';
const farsi = 'تعطیلی زودهنگام روز جمعه';

describe('renderAnnouncementCard', () => {
  it('answers a 1080 × 1350 JPEG with the headline in ink on the background', async () => {
    const jpeg = await renderAnnouncementCard({ ...base, headline: 'Early dismissal Friday at 1 PM' });
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const pixels = decode(jpeg, { useTArray: true, formatAsRGBA: true });
    expect([pixels.width, pixels.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    const { count } = inkColumns(pixels);
    const area = (headlineArea.bottom - headlineArea.top) * CARD_WIDTH;
    // Both colours are there: a real share of ink, and mostly background.
    expect(count / area).toBeGreaterThan(0.03);
    expect(count / area).toBeLessThan(0.5);
    // The background is the dark brand blue, not black or white.
    const [r, g, b] = rgb(pixels, 5, CARD_HEIGHT / 2);
    expect(b).toBeGreaterThan(r + 40);
    expect(g).toBeLessThan(130);
  });

  it('draws Chinese glyphs, not .notdef boxes', async () => {
    const text = await render(chinese);
    const boxes = await render(tofu(chinese));
    expect(inkColumns(text).count).toBeGreaterThan(20_000);
    expect(inkDifference(text, boxes)).toBeGreaterThan(0.6);
  });

  it('draws Farsi glyphs, not .notdef boxes, set from the right', async () => {
    const text = await render(farsi);
    const boxes = await render(tofu(farsi));
    expect(inkDifference(text, boxes)).toBeGreaterThan(0.6);
    const rtl = inkColumns(text);
    const ltr = inkColumns(await render('Early dismissal Friday'));
    // Right-aligned at the right margin (80 px), its ink towards the right; English the other way.
    expect(rtl.right).toBeGreaterThan(CARD_WIDTH - 80 - 20);
    expect(rtl.mean).toBeGreaterThan(CARD_WIDTH / 2);
    expect(ltr.left).toBeLessThan(80 + 20);
    expect(ltr.mean).toBeLessThan(CARD_WIDTH / 2);
  });

  it('draws Punjabi, Korean and Hindi glyphs too', async () => {
    for (const headline of ['ਸ਼ੁੱਕਰਵਾਰ ਨੂੰ ਛੇਤੀ ਛੁੱਟੀ', '금요일 조기 하교', 'शुक्रवार को जल्दी छुट्टी'])
      expect(inkDifference(await render(headline), await render(tofu(headline)))).toBeGreaterThan(0.5);
  });

  it('shrinks a long headline and ends it with an ellipsis instead of running off the card', async () => {
    const short = inkColumns(await render('Book fair'));
    const long = await render('Early dismissal on Friday at 1 PM for the whole school. '.repeat(20));
    const columns = inkColumns(long);
    expect(columns.count).toBeGreaterThan(short.count);
    expect(columns.right).toBeLessThan(CARD_WIDTH - 40);
    // The headline stays in its box: nothing between it and the rule above the date (y 1174).
    let inkBetween = 0;
    for (let y = 1145; y < 1172; y++) for (let x = 0; x < CARD_WIDTH; x++) if (isInk(long, x, y)) inkBetween += 1;
    expect(inkBetween).toBe(0);
  });

  it('shows the logo given as PNG or WebP bytes in the top-left box', async () => {
    const { skia } = cardRenderer();
    const canvas = skia.createCanvas(200, 200);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#e01010';
    ctx.fillRect(0, 0, 200, 200);
    for (const logo of [await canvas.encode('png'), await canvas.encode('webp', 90)]) {
      const withLogo = await render('Book fair', { logo });
      const [r, g, b] = rgb(withLogo, 80 + 75, 80 + 75);
      expect(r).toBeGreaterThan(180);
      expect(g).toBeLessThan(80);
      expect(b).toBeLessThan(80);
    }
    const without = await render('Book fair');
    const [r, , b] = rgb(without, 80 + 75, 80 + 75);
    expect(b).toBeGreaterThan(r);
  });

  it('refuses logo bytes that are not a PNG, JPEG or WebP image', async () => {
    await expect(
      renderAnnouncementCard({ ...base, headline: 'Book fair', logo: new TextEncoder().encode('<svg/>') }),
    ).rejects.toThrow('not a PNG, JPEG or WebP');
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await expect(renderAnnouncementCard({ ...base, headline: 'Book fair', logo: broken })).rejects.toThrow(
      'could not be decoded',
    );
  });
});
