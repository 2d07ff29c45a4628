import { createCanvas } from '@napi-rs/canvas';
import { CARD_HEIGHT, CARD_JPEG_QUALITY, CARD_WIDTH, renderAnnouncementCard } from '@pac/notify';
import { ms, ratio, row, type Section } from '../lib/report';

const rounds = 40;
const targetMs = 300;

/** One headline per script the card is drawn in, taken in turn. */
const headlines = [
  'Early dismissal Friday at 1 PM: parent–teacher conferences in the gym',
  '家长会：星期五提前放学',
  '家長會：星期五提前放學',
  'تعطیلی زودهنگام روز جمعه',
  'ਸ਼ੁੱਕਰਵਾਰ ਨੂੰ ਛੇਤੀ ਛੁੱਟੀ',
  'Tan học sớm vào thứ Sáu lúc 1 giờ chiều',
  '금요일 조기 하교',
  'Maagang uwian sa Biyernes',
  'शुक्रवार को जल्दी छुट्टी',
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function time(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

/** The baseline: the same library encoding a 1080 × 1350 JPEG of one colour at the card's quality. */
async function plainJpeg(): Promise<Buffer> {
  const canvas = createCanvas(CARD_WIDTH, CARD_HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#17365f';
  ctx.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  return canvas.encode('jpeg', CARD_JPEG_QUALITY);
}

/**
 * 8. The announcement card (issue 25): the first card in a process (loading Skia, registering the
 * fonts), then the median time of a card across nine scripts against the median time of a plain
 * JPEG of the same size from the same library, alternated in this process.
 */
export async function cardBenchmark(): Promise<Section> {
  const logoCanvas = createCanvas(256, 256);
  const logoCtx = logoCanvas.getContext('2d');
  logoCtx.fillStyle = '#c8102e';
  logoCtx.fillRect(0, 0, 256, 256);
  const logo = await logoCanvas.encode('png');
  const card = (i: number) =>
    renderAnnouncementCard({
      schoolName: 'Lord Byng Secondary School PAC',
      headline: headlines[i % headlines.length] ?? '',
      date: 'Friday, December 5, 2026',
      logo: i % 2 === 0 ? logo : null,
    });

  const first = await time(() => card(0));
  // Each script's fonts are read on their first use: one card in each before timing.
  for (let i = 1; i < headlines.length; i++) await card(i);
  const cards: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < rounds; i++) {
    plain.push(await time(plainJpeg));
    cards.push(await time(() => card(i)));
  }
  const value = median(cards);
  const baseline = median(plain);
  const bytes = (await card(0)).length;
  return {
    title: 'card',
    rows: [
      row('card', 'first card in a process (Skia, font registration)', ms(first)),
      row('card', 'card, median', ms(value), {
        baseline: ms(baseline),
        ratio: ratio(value, baseline),
        target: `< ${targetMs} ms`,
        pass: value < targetMs,
      }),
    ],
    details: [
      `${rounds} cards over ${headlines.length} scripts, alternated with ${rounds} plain JPEGs (baseline: one colour, ${CARD_WIDTH} × ${CARD_HEIGHT}, quality ${CARD_JPEG_QUALITY}); card p90 ${ms(cards.sort((a, b) => a - b)[Math.floor(rounds * 0.9)] ?? 0)}`,
      `a card with the logo is ${(bytes / 1024).toFixed(0)} KB`,
    ],
  };
}
