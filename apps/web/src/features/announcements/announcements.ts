import type { RouterOutputs } from '@pac/api';
import { announcementEditSchema } from '@pac/validators';
import { formatMonthDayTime } from '../../lib/dates';
import { schemaErrors } from '../../lib/schemaForm';

/** An announcement as `announcements.list` answers it: a draft, or one approved, rejected or expired. */
export type Announcement = RouterOutputs['announcements']['list'][number];

/** Instagram's caption limit, which the server holds every post's text to. */
export const postTextMax = 2200;

/** How many decided announcements 'Recent decisions' lists. */
export const recentDecisionsShown = 10;

/** The drafts waiting for an admin, newest first (the list's own order). */
export function draftsOf(announcements: readonly Announcement[]): Announcement[] {
  return announcements.filter((announcement) => announcement.status === 'draft');
}

/** The `limit` latest decided announcements (approved, rejected or expired), the latest decision first. */
export function recentDecisions(announcements: readonly Announcement[], limit = recentDecisionsShown): Announcement[] {
  const decidedAt = (a: Announcement) => (a.decidedAt ?? a.createdAt).getTime();
  return announcements
    .filter((announcement) => announcement.status !== 'draft')
    .sort((a, b) => decidedAt(b) - decidedAt(a) || b.id - a.id)
    .slice(0, limit);
}

/**
 * What became of a decided announcement, for 'Recent decisions': 'Approved by Jane Admin on May 3,
 * 6:00 PM', 'Posted without approval on …' (a monitor that auto-approves), 'Rejected by … on …: the
 * reason', 'Expired unapproved on …'.
 */
export function decisionText(announcement: Announcement): string {
  const when = formatMonthDayTime(announcement.decidedAt ?? announcement.createdAt);
  const who = announcement.decidedBy ?? 'an admin';
  switch (announcement.status) {
    case 'approved':
      return announcement.decidedBy === null ? `Posted without approval on ${when}` : `Approved by ${who} on ${when}`;
    case 'rejected':
      return `Rejected by ${who} on ${when}${announcement.rejectReason ? `: ${announcement.rejectReason}` : ''}`;
    case 'expired':
      return `Expired unapproved on ${when}`;
    case 'draft':
      return 'Waiting for approval';
  }
}

/** What the admin has on screen for a draft: the post's text and the card's description. */
export interface DraftEdits {
  text: string;
  imageAlt: string;
}

/** The fields of a draft's edit that are wrong, with the server's own messages (announcementMessages). */
export function draftEditErrors(edits: DraftEdits): Partial<Record<keyof DraftEdits, string>> {
  const errors = schemaErrors(announcementEditSchema, { id: 1, ...edits });
  return {
    ...(errors.text === undefined ? {} : { text: errors.text }),
    ...(errors.imageAlt === undefined ? {} : { imageAlt: errors.imageAlt }),
  };
}

/** How long the post's text is as the server counts it (trimmed), against Instagram's 2,200. */
export function postTextLength(text: string): number {
  return text.trim().length;
}

/** '2200' as '2,200' (written out rather than through Intl, whose first use holds up a render). */
function withCommas(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** '1,234 / 2,200 characters' */
export function characterCount(text: string): string {
  return `${withCommas(postTextLength(text))} / ${withCommas(postTextMax)} characters`;
}
