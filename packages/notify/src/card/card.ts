import type { Image, SKRSContext2D } from '@napi-rs/canvas';
import { cardRenderer, fontFamilies } from './fonts';
import { firstLine, fitText, REFERENCE_SIZE, textDirection, type Measure } from './layout';

/** Instagram's portrait 4:5. */
export const CARD_WIDTH = 1080;
export const CARD_HEIGHT = 1350;
export const CARD_JPEG_QUALITY = 90;

export interface AnnouncementCardInput {
  schoolName: string;
  /** The announcement's text; its first non-empty line is the headline. */
  headline: string;
  /** Already written the reader's way (the caller formats it). */
  date: string;
  /** The school's logo as PNG, JPEG or WebP bytes. */
  logo?: Uint8Array | null;
}

const margin = 80;
const logoBox = 150;
const background = { top: '#17365f', bottom: '#245d96' };
const accent = '#f2b632';
/** The headline's box, below the school's name and above the date. */
const headlineBox = { top: 330, bottom: 1140 };
const headlineSizes = [120, 112, 104, 96, 88, 80, 72, 64, 56];
/** Room for Arabic and Gurmukhi marks above and below the line. */
const lineHeightRatio = 1.32;
/** More than any headline can show at the smallest size; bounds the layout work for a very long text. */
const maxHeadlineChars = 600;

/** Measures at the layout's reference size; the font is set before each measure, as drawing changes it. */
const measureWith =
  (ctx: SKRSContext2D, weight: number, families: string): Measure =>
  (text) => {
    ctx.font = `${weight} ${REFERENCE_SIZE}px ${families}`;
    return ctx.measureText(text).width;
  };

/** PNG, JPEG or WebP by their signatures: the logo is never read as SVG, or as a path or URL. */
function isSupportedImage(bytes: Uint8Array): boolean {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const webp = starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP';
  return starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff) || webp;
}

async function decodeLogo(ImageClass: typeof Image, bytes: Uint8Array): Promise<Image> {
  if (!isSupportedImage(bytes)) throw new Error("The school's logo is not a PNG, JPEG or WebP image");
  const image = new ImageClass();
  image.src = bytes;
  try {
    await image.decode();
  } catch (cause) {
    throw new Error("The school's logo could not be decoded", { cause });
  }
  return image;
}

function roundedRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

/** Draws lines of `text` in the box's width, aligned to the start of its own direction. */
function drawLines(
  ctx: SKRSContext2D,
  lines: string[],
  direction: 'ltr' | 'rtl',
  box: { left: number; right: number },
  firstBaseline: number,
  lineHeight: number,
) {
  ctx.direction = direction;
  ctx.textAlign = direction === 'rtl' ? 'right' : 'left';
  const x = direction === 'rtl' ? box.right : box.left;
  lines.forEach((line, i) => ctx.fillText(line, x, firstBaseline + i * lineHeight));
}

/**
 * The announcement's image card: a 1080 × 1350 JPEG (Instagram's 4:5) with the school's name (and
 * logo, top left), the headline as large as fits (wrapped, then ellipsised at the smallest size) and
 * the date, each laid out in its own script's direction. The first call loads Skia and registers the
 * fonts (a few hundred milliseconds); later ones take tens of milliseconds.
 * @throws Error when `logo` is given but is not a decodable PNG, JPEG or WebP image.
 */
export async function renderAnnouncementCard(input: AnnouncementCardInput): Promise<Buffer> {
  const { skia } = cardRenderer();
  const logo = input.logo && input.logo.length > 0 ? await decodeLogo(skia.Image, input.logo) : null;
  const canvas = skia.createCanvas(CARD_WIDTH, CARD_HEIGHT);
  const ctx = canvas.getContext('2d');
  const right = CARD_WIDTH - margin;

  const gradient = ctx.createLinearGradient(0, 0, 0, CARD_HEIGHT);
  gradient.addColorStop(0, background.top);
  gradient.addColorStop(1, background.bottom);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);

  // The header: the logo on a white tile (a dark or transparent logo stays visible), then the name.
  let nameLeft = margin;
  if (logo) {
    ctx.fillStyle = '#ffffff';
    roundedRect(ctx, margin, margin, logoBox, logoBox, 24);
    const inner = logoBox - 24;
    const scale = Math.min(inner / logo.width, inner / logo.height);
    const w = logo.width * scale;
    const h = logo.height * scale;
    ctx.drawImage(logo, margin + (logoBox - w) / 2, margin + (logoBox - h) / 2, w, h);
    nameLeft = margin + logoBox + 36;
  }
  const schoolName = firstLine(input.schoolName);
  const nameFamilies = fontFamilies(schoolName);
  const name = fitText(
    schoolName,
    { width: right - nameLeft, height: logoBox },
    [52, 46, 40, 34],
    1.25,
    measureWith(ctx, 700, nameFamilies),
  );
  ctx.font = `700 ${name.size}px ${nameFamilies}`;
  ctx.fillStyle = '#ffffff';
  const nameHeight = name.size + (name.lines.length - 1) * name.lineHeight;
  drawLines(
    ctx,
    name.lines,
    textDirection(schoolName),
    { left: nameLeft, right },
    margin + (logoBox - nameHeight) / 2 + name.size * 0.85,
    name.lineHeight,
  );
  ctx.fillStyle = accent;
  ctx.fillRect(margin, margin + logoBox + 50, 160, 10);

  // The headline, vertically centred in its box.
  const headline = firstLine(input.headline).slice(0, maxHeadlineChars);
  const headlineFamilies = fontFamilies(headline);
  const box = { width: right - margin, height: headlineBox.bottom - headlineBox.top };
  const fitted = fitText(headline, box, headlineSizes, lineHeightRatio, measureWith(ctx, 700, headlineFamilies));
  ctx.font = `700 ${fitted.size}px ${headlineFamilies}`;
  ctx.fillStyle = '#ffffff';
  const blockHeight = fitted.size + (fitted.lines.length - 1) * fitted.lineHeight;
  const top = headlineBox.top + Math.max(0, (box.height - blockHeight) / 2);
  drawLines(
    ctx,
    fitted.lines,
    textDirection(headline),
    { left: margin, right },
    top + fitted.size * 0.9,
    fitted.lineHeight,
  );

  // The date, at the foot, over a thin rule.
  const date = firstLine(input.date);
  const dateFamilies = fontFamilies(date);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.35)';
  ctx.fillRect(margin, CARD_HEIGHT - margin - 96, right - margin, 2);
  const dateFit = fitText(
    date,
    { width: right - margin, height: 48 },
    [44, 38, 32],
    1.25,
    measureWith(ctx, 500, dateFamilies),
  );
  ctx.font = `500 ${dateFit.size}px ${dateFamilies}`;
  ctx.fillStyle = '#ffffff';
  drawLines(ctx, dateFit.lines.slice(0, 1), textDirection(date), { left: margin, right }, CARD_HEIGHT - margin - 12, 0);

  return canvas.encode('jpeg', CARD_JPEG_QUALITY);
}
