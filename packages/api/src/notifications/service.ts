import {
  type Change,
  changes,
  type Db,
  type Executor,
  type Monitor,
  monitors,
  type Notification,
  notifications,
} from '@pac/db';
import {
  changeCaption,
  changeNotification,
  changePostText,
  postToFacebook,
  postToInstagram,
  postWebhook,
} from '@pac/notify';
import { and, asc, desc, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { ApiConfig } from '../config';
import type { ServiceContext } from '../context';
import { recipientI18n } from '../email/language';
import { MailNotConfiguredError } from '../email/mailRuntime';
import { adminRecipient, sendMail } from '../email/service';
import { graphConfig, instagramImageUrl } from '../lib/graph';

/**
 * The change notifications: one per (change, channel) of a watched page, queued when a check
 * finds a change and delivered with retries. Their email channel sends through `sendMail`
 * (email/service.ts).
 */

type Channel = Notification['channel'];

/** Attempts before a notification is marked failed. */
export const maxAttempts = 5;
/** Wait before attempt n+1: 1, 2, 4, 8 minutes. */
export const backoffMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);
/** A claim older than this is a sender that died mid-send. */
const claimLeaseMs = 10 * 60_000;

/** The channels a monitor's change goes to: its enabled flags, plus the webhook when one is set. */
export function enabledChannels(config: ApiConfig, monitor: Monitor): Channel[] {
  const list: Channel[] = [];
  if (monitor.emailNotifications) list.push('email');
  if (monitor.internalPosts) list.push('internal');
  if (config.monitor.webhookUrl) list.push('webhook');
  if (monitor.facebookPosts) list.push('facebook');
  if (monitor.instagramPosts) list.push('instagram');
  return list;
}

/** One notification per enabled channel; the unique (change, channel) index keeps it to one. */
export function queueChangeNotifications(db: Executor, config: ApiConfig, monitor: Monitor, changeId: number): number {
  return queueNotifications(db, changeId, enabledChannels(config, monitor));
}

/** Queues a change for these channels; returns how many were new (the unique index drops repeats). */
export function queueNotifications(db: Executor, changeId: number, channels: readonly Channel[]): number {
  let queued = 0;
  for (const channel of channels) {
    queued += db.insert(notifications).values({ changeId, channel }).onConflictDoNothing().run().changes;
  }
  return queued;
}

export type Deliver = (channel: Channel, change: Change, monitor: Monitor) => Promise<void>;

/**
 * At start-up: a notification still claimed was being sent when the process stopped. Whether it
 * went out is unknown, so it is marked failed instead of risking a second post.
 */
export function failInterruptedNotifications(db: Db): number {
  return db
    .update(notifications)
    .set({
      status: 'failed',
      claimedAt: null,
      lastError: 'Interrupted by a restart while sending; not sent again to avoid a duplicate post',
    })
    .where(and(eq(notifications.status, 'pending'), isNotNull(notifications.claimedAt)))
    .run().changes;
}

/** Claims one pending notification for sending; false when another worker got it first. */
function claim(db: Db, n: Notification, now: Date): boolean {
  return (
    db
      .update(notifications)
      .set({ claimedAt: now, attempts: n.attempts + 1 })
      .where(and(eq(notifications.id, n.id), eq(notifications.status, 'pending'), isNull(notifications.claimedAt)))
      .run().changes === 1
  );
}

/**
 * Sends what is due: each pending notification whose next attempt time has come, one channel at a
 * time so that one failing channel never holds up the others. A failure is retried with exponential
 * backoff and marked failed after the last attempt.
 */
export async function processNotifications(
  db: Db,
  deliver: Deliver,
  options: { now?: Date; channels?: Channel[]; limit?: number } = {},
): Promise<{ sent: number; failed: number; retried: number }> {
  const now = options.now ?? new Date();
  // Claims that outlived their lease belong to a sender that died; they are failed, not resent.
  db.update(notifications)
    .set({
      status: 'failed',
      claimedAt: null,
      lastError: 'The sender stopped while sending; not sent again to avoid a duplicate post',
    })
    .where(
      and(
        eq(notifications.status, 'pending'),
        isNotNull(notifications.claimedAt),
        lte(notifications.claimedAt, new Date(now.getTime() - claimLeaseMs)),
      ),
    )
    .run();
  const due = db
    .select({ notification: notifications, change: changes, monitor: monitors })
    .from(notifications)
    .innerJoin(changes, eq(changes.id, notifications.changeId))
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .where(
      and(
        eq(notifications.status, 'pending'),
        isNull(notifications.claimedAt),
        or(isNull(notifications.nextAttemptAt), lte(notifications.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(options.limit ?? 100)
    .all()
    .filter((r) => !options.channels || options.channels.includes(r.notification.channel));

  const totals = { sent: 0, failed: 0, retried: 0 };
  for (const { notification, change, monitor } of due) {
    if (!claim(db, notification, now)) continue;
    const attempts = notification.attempts + 1;
    try {
      await deliver(notification.channel, change, monitor);
      db.update(notifications)
        .set({ status: 'sent', sentAt: new Date(), claimedAt: null, lastError: null })
        .where(eq(notifications.id, notification.id))
        .run();
      totals.sent += 1;
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const final = attempts >= maxAttempts;
      db.update(notifications)
        .set({
          status: final ? 'failed' : 'pending',
          claimedAt: null,
          lastError,
          nextAttemptAt: final ? null : new Date(now.getTime() + backoffMs(attempts)),
        })
        .where(eq(notifications.id, notification.id))
        .run();
      if (final) totals.failed += 1;
      else totals.retried += 1;
    }
  }
  return totals;
}

/** What a change's Facebook and Instagram posts say, when a person approved it (announcements/). */
export interface SocialPost {
  text: string;
  link: string;
  /** The post's image (its card), else the school's default image. */
  imageUrl: string | null;
  imageAlt: string | null;
}

/**
 * How each channel sends one change. Throwing means 'try again later' (or failed, after the last
 * attempt). `socialPost` gives the approved announcement's words for Facebook and Instagram.
 */
export function channelDelivery(
  ctx: ServiceContext,
  socialPost: (change: Change) => SocialPost | null = () => null,
): Deliver {
  const { config } = ctx;
  return async (channel, change, monitor) => {
    const post = {
      schoolName: config.schoolName,
      monitorName: monitor.name,
      summary: change.summary,
      url: monitor.url,
      detectedAt: change.detectedAt,
      timeZone: config.timeZone,
    };
    switch (channel) {
      case 'internal':
        // The internal feed is the notification history itself: recording it is the delivery.
        return;
      case 'email': {
        const to = adminRecipient(ctx);
        if (!to) throw new MailNotConfiguredError();
        const content = changeNotification({
          ...post,
          i18n: recipientI18n(ctx.db, to),
          severity: change.severity,
          diffExcerpt: change.diffContent,
        });
        // Held back past the admin's daily budget (logged there), which is not worth retrying.
        await sendMail(ctx, { to, ...content }, { kind: 'notice' });
        return;
      }
      case 'webhook': {
        if (!config.monitor.webhookUrl) throw new Error('No webhook URL is configured');
        await postWebhook(config.monitor.webhookUrl, {
          event: 'website.change',
          change: { ...change, monitor: { id: monitor.id, name: monitor.name, url: monitor.url } },
        });
        return;
      }
      case 'facebook': {
        const approved = socialPost(change);
        await postToFacebook(graphConfig(config), {
          message: approved?.text ?? changePostText(post),
          link: approved?.link ?? monitor.url,
        });
        return;
      }
      case 'instagram': {
        const approved = socialPost(change);
        await postToInstagram(graphConfig(config), {
          imageUrl: approved?.imageUrl ?? instagramImageUrl(config),
          caption: approved?.text ?? changeCaption(post),
          altText: approved?.imageAlt ?? null,
        });
        return;
      }
    }
  };
}

/** Sends the notifications that are due through the real channels (the monitor loop; 'Process Social Media Notifications'). */
export function deliverDueNotifications(
  ctx: ServiceContext,
  options: { channels?: Channel[]; socialPost?: (change: Change) => SocialPost | null } = {},
): Promise<{ sent: number; failed: number; retried: number }> {
  const { socialPost, ...rest } = options;
  return processNotifications(ctx.db, channelDelivery(ctx, socialPost), { ...rest, now: ctx.runtime.now() });
}

/** Notification history, newest first: change.monitor.name, change.summary, channel, status, sentAt. */
export function notificationHistory(db: Db, limit: number) {
  return db
    .select({ notification: notifications, change: changes, monitor: { id: monitors.id, name: monitors.name } })
    .from(notifications)
    .innerJoin(changes, eq(changes.id, notifications.changeId))
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .all()
    .map((r) => ({ ...r.notification, change: { ...r.change, monitor: r.monitor } }));
}
