import type { I18n } from '@lingui/core';
import { spotCounts } from '../slots';

/** How full a sheet is, as its card on the dashboard says it. */
export interface SheetFill {
  filled: number;
  /** Every spot of every slot. */
  spots: number;
  open: number;
  /** 0 to 100, rounded down so that a sheet shows 100 only once it is full. */
  percent: number;
  /** '11 of 16 spots filled', '1 of 1 spot filled'. */
  text: string;
  /** 'Full', or '5 open'. */
  status: string;
}

/** A sheet's fill over all its slots, or null for a sheet with no slots yet. */
export function sheetFill(
  i18n: I18n,
  slots: readonly { currentVolunteers: number; maxVolunteers: number }[],
): SheetFill | null {
  if (slots.length === 0) return null;
  const { filled, open } = spotCounts(slots);
  const spots = slots.reduce((sum, slot) => sum + slot.maxVolunteers, 0);
  const percent = spots === 0 ? 0 : Math.min(100, Math.floor((filled / spots) * 100));
  return {
    filled,
    spots,
    open,
    percent,
    text: i18n._('{spots, plural, one {{filled} of {spots} spot filled} other {{filled} of {spots} spots filled}}', {
      filled,
      spots,
    }),
    status:
      open === 0
        ? i18n._('Full', undefined, { comment: 'Status of a sheet whose every spot is taken' })
        : i18n._(
            '{open, plural, other {# open}}',
            { open },
            { comment: 'How many spots of a sheet are still open: "5 open"' },
          ),
  };
}

/** The sheet's public page, as a full address to share (this site's own origin). */
export function publicSheetUrl(sheetId: number, origin: string): string {
  return new URL(`/signup-sheet/${sheetId}`, origin).href;
}
