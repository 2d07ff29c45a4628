import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Announcement,
  type AnnouncementStatus,
  announcements,
  type Change,
  changes,
  type Db,
  type Executor,
  type Monitor,
  monitors,
  type Notification,
} from '@pac/db';
import { diffLines } from '@pac/monitor';
import { announcementText, renderAnnouncementCard } from '@pac/notify';
import type {
  announcementEditSchema,
  announcementListSchema,
  announcementRejectSchema,
  newsListSchema,
} from '@pac/validators';
import { announcementMessages, newsLimits } from '@pac/validators';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApiConfig } from '../config';
import type { Context, ServiceContext, UserContext } from '../context';
import { isAdmin } from '../lib/access';
import { refuse } from '../lib/errors';
import type { CatalogMessage } from '../lib/i18n';
import { findImage } from '../lib/uploads';
import {
  deliverDueNotifications as deliverNotifications,
  enabledChannels,
  queueNotifications,
} from '../notifications/service';

/**
 * Announcements a person approves (API.md): a detected change on a monitor that posts to Facebook
 * or Instagram becomes a draft, and those posts are queued only once an admin approves it (or at
 * once, on a monitor set to auto-approve). Email, internal and webhook notifications are not held.
 * Above notifications, whose queue it fills.
 */

type Channel = Notification['channel'];
const socialChannels: readonly Channel[] = ['facebook', 'instagram'];
const isSocial = (channel: Channel) => socialChannels.includes(channel);

/** How long a draft waits for a decision before it expires. */
export const draftLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Queues a new change's notifications: email, internal and webhook at once; its Facebook and
 * Instagram posts behind an announcement, a draft unless the monitor auto-approves. In the
 * caller's transaction (the one that records the change).
 */
export function queueChange(db: Executor, config: ApiConfig, monitor: Monitor, change: Change, now: Date): void {
  const channels = enabledChannels(config, monitor);
  queueNotifications(
    db,
    change.id,
    channels.filter((c) => !isSocial(c)),
  );
  const social = channels.filter(isSocial);
  if (social.length === 0) return;
  // News for parents: the page, what was added, the link; never the diff's words.
  const { text, headline } = announcementText({
    schoolName: config.schoolName,
    pageName: monitor.name,
    ...diffLines(change.diffContent),
    link: monitor.url,
  });
  db.insert(announcements)
    .values({
      changeId: change.id,
      monitorId: monitor.id,
      monitorName: monitor.name,
      status: monitor.autoApprove ? 'approved' : 'draft',
      text,
      headline,
      link: monitor.url,
      imageAlt: `${config.schoolName}: ${headline}`,
      createdAt: now,
      decidedAt: monitor.autoApprove ? now : null,
    })
    .onConflictDoNothing()
    .run();
  if (monitor.autoApprove) queueNotifications(db, change.id, social);
}

/** Lines of a change shown to the admin who decides: enough to judge it, not the whole page. */
const changedLinesShown = 40;

/**
 * What an announcement answer carries (API.md), with who decided by name, and what the page
 * gained and lost (`added`, `removed`: readable lines, no diff markers) for the admin to judge.
 */
export type AnnouncementView = Announcement & {
  decidedBy: string | null;
  imageUrl: string;
  added: string[];
  removed: string[];
};

function cardUrl(config: ApiConfig, id: number): string {
  return `${config.publicBaseUrl}/api/announcements/${id}/card.jpg`;
}

function view(config: ApiConfig, row: Announcement, diffContent: string | null): AnnouncementView {
  const { added, removed } = diffLines(diffContent);
  return {
    ...row,
    decidedBy: row.decidedByName,
    imageUrl: cardUrl(config, row.id),
    added: added.slice(0, changedLinesShown),
    removed: removed.slice(0, changedLinesShown),
  };
}

/** The announcement `row` as answered, with its change's lines. */
function viewOf(db: Executor, config: ApiConfig, row: Announcement): AnnouncementView {
  const change = db
    .select({ diffContent: changes.diffContent })
    .from(changes)
    .where(eq(changes.id, row.changeId))
    .get();
  return view(config, row, change?.diffContent ?? null);
}

/** Drafts older than 7 days expire (nothing of them is ever posted). Returns how many. */
export function expireDrafts(db: Db, now: Date): number {
  return db
    .update(announcements)
    .set({ status: 'expired', decidedAt: now })
    .where(
      and(eq(announcements.status, 'draft'), lte(announcements.createdAt, new Date(now.getTime() - draftLifetimeMs))),
    )
    .run().changes;
}

/** Announcements, newest first, of one status or all (admin). */
export function listAnnouncements(
  ctx: ServiceContext,
  input: z.output<typeof announcementListSchema>,
): AnnouncementView[] {
  expireDrafts(ctx.db, ctx.runtime.now());
  return ctx.db
    .select({ row: announcements, diffContent: changes.diffContent })
    .from(announcements)
    .leftJoin(changes, eq(changes.id, announcements.changeId))
    .where(input?.status ? eq(announcements.status, input.status) : undefined)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(200)
    .all()
    .map(({ row, diffContent }) => view(ctx.config, row, diffContent));
}

/** An approved announcement as the public reads it (/news, /news.atom, the home page's School news). */
export interface NewsItem {
  id: number;
  /** The watched page's name. */
  monitorName: string;
  headline: string;
  /** The approved post's words. */
  text: string;
  /** The page that changed. */
  link: string;
  imageUrl: string;
  imageAlt: string;
  /** When it was approved (published). */
  publishedAt: Date;
}

/** Approved announcements, newest first: the public's school news. Never drafts, rejected or expired ones. */
export function listNews(ctx: ServiceContext, input: z.output<typeof newsListSchema>): NewsItem[] {
  return ctx.db
    .select()
    .from(announcements)
    .where(eq(announcements.status, 'approved'))
    .orderBy(desc(announcements.decidedAt), desc(announcements.id))
    .limit(input?.limit ?? newsLimits.feed)
    .all()
    .map((row) => ({
      id: row.id,
      monitorName: row.monitorName,
      headline: row.headline,
      text: row.text,
      link: row.link,
      imageUrl: cardUrl(ctx.config, row.id),
      imageAlt: row.imageAlt,
      publishedAt: row.decidedAt ?? row.createdAt,
    }));
}

function getAnnouncement(db: Executor, id: number): Announcement {
  const row = db.select().from(announcements).where(eq(announcements.id, id)).get();
  if (!row) throw refuse('NOT_FOUND', announcementMessages.notFound, { reason: 'announcementNotFound' });
  return row;
}

/** 409's sentence: 'This announcement is already approved' (its status, each worded in the catalogs). */
function alreadyDecided(status: AnnouncementStatus): CatalogMessage {
  return {
    id: /*i18n*/ 'This announcement is already {status, select, draft {draft} approved {approved} rejected {rejected} expired {expired} other {{status}}}',
    values: { status },
  };
}

/** 409 unless it is still a draft (and expires it first when its 7 days are over). */
function assertDraft(db: Executor, row: Announcement, now: Date): void {
  if (row.status === 'draft' && row.createdAt.getTime() <= now.getTime() - draftLifetimeMs) {
    db.update(announcements).set({ status: 'expired', decidedAt: now }).where(eq(announcements.id, row.id)).run();
    throw refuse('CONFLICT', alreadyDecided('expired'), { reason: 'alreadyDecided' });
  }
  if (row.status !== 'draft') throw refuse('CONFLICT', alreadyDecided(row.status), { reason: 'alreadyDecided' });
}

/** Edits a draft's text or its card's alt text. */
export function editAnnouncement(ctx: UserContext, input: z.output<typeof announcementEditSchema>): AnnouncementView {
  const { id, ...edits } = input;
  return ctx.db.transaction((tx) => {
    assertDraft(tx, getAnnouncement(tx, id), ctx.runtime.now());
    if (Object.keys(edits).length > 0) tx.update(announcements).set(edits).where(eq(announcements.id, id)).run();
    return viewOf(tx, ctx.config, getAnnouncement(tx, id));
  });
}

/**
 * Decides a draft, once: the guarded UPDATE (status still `draft`) alone lets one of two parallel
 * decisions through; the other answers 409. Approving queues the change's Facebook and Instagram
 * posts in the same transaction.
 */
function decide(
  ctx: UserContext,
  id: number,
  status: Extract<AnnouncementStatus, 'approved' | 'rejected'>,
  reason: string | null,
): AnnouncementView {
  const now = ctx.runtime.now();
  return ctx.db.transaction((tx) => {
    const row = getAnnouncement(tx, id);
    assertDraft(tx, row, now);
    const decided = tx
      .update(announcements)
      .set({ status, decidedAt: now, decidedById: ctx.user.id, decidedByName: ctx.user.name, rejectReason: reason })
      .where(and(eq(announcements.id, id), eq(announcements.status, 'draft')))
      .returning()
      .get();
    if (!decided)
      throw refuse('CONFLICT', alreadyDecided(getAnnouncement(tx, id).status), {
        reason: 'alreadyDecided',
      });
    if (status === 'approved') {
      // The monitor's Facebook and Instagram switches as they are now.
      const monitor = decided.monitorId
        ? tx.select().from(monitors).where(eq(monitors.id, decided.monitorId)).get()
        : undefined;
      if (monitor) queueNotifications(tx, decided.changeId, enabledChannels(ctx.config, monitor).filter(isSocial));
    }
    return viewOf(tx, ctx.config, decided);
  });
}

export function approveAnnouncement(ctx: UserContext, id: number): { announcement: AnnouncementView } {
  return { announcement: decide(ctx, id, 'approved', null) };
}

export function rejectAnnouncement(
  ctx: UserContext,
  input: z.output<typeof announcementRejectSchema>,
): { announcement: AnnouncementView } {
  return { announcement: decide(ctx, input.id, 'rejected', input.reason ?? null) };
}

/** What a change's Facebook and Instagram posts say: its approved announcement, or null. */
export function approvedPost(db: Executor, changeId: number): Announcement | null {
  return (
    db
      .select()
      .from(announcements)
      .where(and(eq(announcements.changeId, changeId), eq(announcements.status, 'approved')))
      .get() ?? null
  );
}

/**
 * Sends the notifications that are due (the monitor loop; 'Process Social Media Notifications'),
 * Facebook and Instagram with their approved announcement's words and alt text. Drafts past their
 * 7 days expire first.
 */
export function deliverDueNotifications(
  ctx: ServiceContext,
  options: { channels?: Notification['channel'][] } = {},
): Promise<{ sent: number; failed: number; retried: number }> {
  expireDrafts(ctx.db, ctx.runtime.now());
  return deliverNotifications(ctx, {
    ...options,
    socialPost: (change) => {
      const approved = approvedPost(ctx.db, change.id);
      return approved
        ? {
            text: approved.text,
            link: approved.link,
            imageUrl: cardUrl(ctx.config, approved.id),
            imageAlt: approved.imageAlt,
          }
        : null;
    },
  });
}

/**
 * The announcement's card (1080 × 1350 JPEG): the school's name and logo, the headline and the
 * day it was found, on the school's clock. Public once approved (Instagram fetches it without a
 * session); a draft's card only for admins (its preview), so that unapproved words stay unseen.
 */
export async function announcementCard(ctx: Context, id: number): Promise<Buffer> {
  const row = getAnnouncement(ctx.db, id);
  if (row.status !== 'approved' && !isAdmin(ctx.user))
    throw refuse('NOT_FOUND', announcementMessages.notFound, { reason: 'announcementNotFound' });
  const logo = findImage(ctx.config.uploadDir, 'logo');
  return renderAnnouncementCard({
    schoolName: ctx.config.schoolName,
    headline: row.headline,
    date: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: ctx.config.timeZone }).format(row.createdAt),
    logo: logo ? readFileSync(join(ctx.config.uploadDir, logo)) : null,
  });
}
