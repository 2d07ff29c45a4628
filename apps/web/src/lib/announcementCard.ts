/**
 * Where an announcement's card (a 1080 × 1350 JPEG) loads from on this site: the same path as its
 * `imageUrl` (which is on PUBLIC_BASE_URL, for Instagram), so that the pages show it from wherever
 * they were opened. A draft's loads with an admin's session only; an approved one's for anyone.
 */
export function announcementCardPath(id: number): string {
  return `/api/announcements/${id}/card.jpg`;
}
