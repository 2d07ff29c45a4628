import type { I18n } from '@lingui/core';
import type { RouterOutputs } from '@pac/api';
import type { Language } from '@pac/validators/page-data';
import { formatMonthDayTime } from '../../lib/dates';

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
export function decisionText(i18n: I18n, language: Language, announcement: Announcement): string {
  const when = formatMonthDayTime(announcement.decidedAt ?? announcement.createdAt, language);
  const name = announcement.decidedBy;
  const reason = announcement.rejectReason;
  switch (announcement.status) {
    case 'approved':
      return name === null
        ? i18n._('Posted without approval on {when}', { when })
        : i18n._('Approved by {name} on {when}', { name, when });
    case 'rejected':
      if (name === null) {
        return reason
          ? i18n._('Rejected by an admin on {when}: {reason}', { when, reason })
          : i18n._('Rejected by an admin on {when}', { when });
      }
      return reason
        ? i18n._('Rejected by {name} on {when}: {reason}', { name, when, reason })
        : i18n._('Rejected by {name} on {when}', { name, when });
    case 'expired':
      return i18n._('Expired unapproved on {when}', { when });
    case 'draft':
      return i18n._('Waiting for approval');
  }
}

/** What the admin has on screen for a draft: the post's text and the card's description. */
export interface DraftEdits {
  text: string;
  imageAlt: string;
}

/** How long the post's text is as the server counts it (trimmed), against Instagram's 2,200. */
export function postTextLength(text: string): number {
  return text.trim().length;
}

/** '1,234 / 2,200 characters' (the figures written the language's way). */
export function characterCount(i18n: I18n, text: string): string {
  return i18n._('{length, number} / {max, number} characters', { length: postTextLength(text), max: postTextMax });
}
