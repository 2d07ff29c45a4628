import type { SignupSheet, VolunteerSlot } from '@pac/db';
import { type I18n, i18nFor } from '@pac/i18n/server';
import { defaultLanguage, type Language } from '@pac/validators';
import type { ApiConfig } from '../config';
import type { ServiceContext } from '../context';
import { schoolDateTime } from '../lib/schoolTime';
import { getSheet } from './service';

/*
 * Sharing a sheet (API.md "Sharing a sheet"): its public link, the QR code of that link for flyers,
 * and what a link preview (Open Graph) says about it.
 */

/** `{PUBLIC_BASE_URL}/signup-sheet/{id}`: the sheet's page, as emails, feeds and QR codes link to it. */
export function sheetUrl(config: Pick<ApiConfig, 'publicBaseUrl'>, sheetId: number): string {
  return `${config.publicBaseUrl}/signup-sheet/${sheetId}`;
}

/** The sheet's public link; NOT_FOUND for a sheet that does not exist. */
export function sheetShareLink(ctx: ServiceContext, id: number): { url: string } {
  const sheet = getSheet(ctx, id);
  return { url: sheetUrl(ctx.config, sheet.id) };
}

/** Modules of the QR code's quiet zone (ISO/IEC 18004 asks for 4), and its size when the file is opened on its own. */
const qrMargin = 4;
const qrWidthPx = 512;

/**
 * The sheet's link as a QR code, an SVG to print: black modules on white, a quiet zone around them,
 * a viewBox so that it scales to any size, and error correction M (15%: a flyer can take a
 * crease). NOT_FOUND for a sheet that does not exist.
 */
export async function sheetQrCode(ctx: ServiceContext, id: number): Promise<string> {
  const sheet = getSheet(ctx, id);
  // Loaded on the first QR code asked for, not at start: a server most days makes none.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(sheetUrl(ctx.config, sheet.id), {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: qrMargin,
    width: qrWidthPx,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

type SlotSpots = Pick<VolunteerSlot, 'maxVolunteers' | 'currentVolunteers'>;

/** How many more can sign up across the slots: each slot's places (or items) still needed, none below zero. */
export function spotsOpen(slots: readonly SlotSpots[]): number {
  return slots.reduce((open, slot) => open + Math.max(0, slot.maxVolunteers - slot.currentVolunteers), 0);
}

/** '7 spots open', '1 spot open', 'No spots open' (in the language of `i18n`). */
export function spotsOpenText(open: number, i18n: I18n = i18nFor(defaultLanguage)): string {
  return i18n._('{count, plural, =0 {No spots open} one {{count} spot open} other {{count} spots open}}', {
    count: open,
  });
}

/** What a link preview shows of a sheet. */
export interface SheetPreview {
  title: string;
  /** 'Saturday, December 5, 2026 at 10:00 AM · 7 spots open', on the school's clock. */
  description: string;
  url: string;
}

/** The preview of a sheet (as sheets.byId answers it) for its page's Open Graph tags, in the page's language. */
export function sheetPreview(
  config: Pick<ApiConfig, 'publicBaseUrl' | 'timeZone'>,
  sheet: Pick<SignupSheet, 'id' | 'title' | 'eventDate'> & { slots: readonly SlotSpots[] },
  language: Language = defaultLanguage,
): SheetPreview {
  const when = schoolDateTime(sheet.eventDate, config.timeZone, language);
  return {
    title: sheet.title,
    description: `${when} · ${spotsOpenText(spotsOpen(sheet.slots), i18nFor(language))}`,
    url: sheetUrl(config, sheet.id),
  };
}
