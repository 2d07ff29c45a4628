/**
 * Where a sheet or slot happens (API.md "An organizer's season", Location): the map link the
 * emails carry too, and which location a slot's card shows.
 */

/** A map search for a place or an address (Google Maps' documented search URL; any phone opens it). */
export function mapUrl(location: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;
}

/**
 * The location a slot's card names: the slot's own, when it has one that is not the sheet's (the
 * sheet's own location shows once, at the top of the page).
 */
export function slotOwnLocation(slot: { location: string | null }, sheetLocation: string | null): string | null {
  return slot.location && slot.location !== sheetLocation ? slot.location : null;
}

/** Where a slot happens: its own location, else its sheet's. */
export function whereSlotIs(slot: { location: string | null }, sheetLocation: string | null): string | null {
  return slot.location ?? sheetLocation;
}
