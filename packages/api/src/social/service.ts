import {
  changeCaption,
  changePostText,
  facebookConfigured,
  instagramConfigured,
  postToFacebook,
  postToInstagram,
  testFacebook,
  testInstagram,
  testPostText,
} from '@pac/notify';
import { changeSummarySchema } from '@pac/validators';
import type { ApiConfig } from '../config';
import type { Context, ServiceContext } from '../context';
import { graphConfig, instagramImageUrl } from '../lib/graph';
import { answerText } from '../lib/i18n';
import { monitorNamed } from '../monitors/service';
import { recordChange } from '../monitoring/service';
import { deliverDueNotifications } from '../announcements/service';
import { queueNotifications } from '../notifications/service';
import { RuntimeKey } from '../runtime';

export interface SocialTest {
  facebook: boolean;
  instagram: boolean;
  errors: string[];
}

/** Tries each configured platform with a harmless read; 'Connected' means both settings and the call are good. */
export async function testConnections(config: ApiConfig): Promise<SocialTest> {
  const cfg = graphConfig(config);
  const errors: string[] = [];
  let facebook = false;
  let instagram = false;
  if (!facebookConfigured(cfg))
    errors.push('Facebook is not set up: FACEBOOK_PAGE_ID and FACEBOOK_ACCESS_TOKEN are needed');
  else {
    const result = await testFacebook(cfg);
    if (result.ok) facebook = true;
    else errors.push(`Facebook: ${result.error}`);
  }
  if (!instagramConfigured(cfg))
    errors.push('Instagram is not set up: INSTAGRAM_USER_ID and FACEBOOK_ACCESS_TOKEN are needed');
  else {
    const result = await testInstagram(cfg);
    if (result.ok) instagram = true;
    else errors.push(`Instagram: ${result.error}`);
  }
  return { facebook, instagram, errors };
}

// The status card polls every 60 s; one real check per minute per server is plenty.
const statusTtlMs = 60_000;
const statusCache = new RuntimeKey<{ last: { at: number; key: string; value: Promise<SocialTest> } | null }>(
  'social: status',
);

/** 'Connected' or 'Setup Required' per platform, from a recent connection test. */
export async function socialStatus(ctx: ServiceContext): Promise<{ facebook: boolean; instagram: boolean }> {
  const cache = ctx.runtime.state(statusCache, () => ({ last: null }));
  const now = ctx.runtime.now().getTime();
  const key = JSON.stringify(graphConfig(ctx.config));
  if (!cache.last || cache.last.key !== key || now - cache.last.at > statusTtlMs) {
    cache.last = { at: now, key, value: testConnections(ctx.config) };
  }
  const { facebook, instagram } = await cache.last.value;
  return { facebook, instagram };
}

/** Posts the same text to every connected platform; each platform's failure is reported, not thrown. */
export async function postEverywhere(
  config: ApiConfig,
  post: { facebookText: string; link?: string; instagramCaption: string },
): Promise<SocialTest> {
  const cfg = graphConfig(config);
  const errors: string[] = [];
  let facebook = false;
  let instagram = false;
  if (!facebookConfigured(cfg)) errors.push('Facebook is not set up');
  else {
    try {
      await postToFacebook(cfg, { message: post.facebookText, link: post.link });
      facebook = true;
    } catch (error) {
      errors.push(`Facebook: ${error instanceof Error ? error.message : 'post failed'}`);
    }
  }
  if (!instagramConfigured(cfg)) errors.push('Instagram is not set up');
  else {
    try {
      await postToInstagram(cfg, { imageUrl: instagramImageUrl(config), caption: post.instagramCaption });
      instagram = true;
    } catch (error) {
      errors.push(`Instagram: ${error instanceof Error ? error.message : 'post failed'}`);
    }
  }
  return { facebook, instagram, errors };
}

/** 'Test Social Media Connection': a harmless read on each platform. */
export async function testSocialConnections(ctx: ServiceContext): Promise<{ results: SocialTest }> {
  return { results: await testConnections(ctx.config) };
}

/** 'Send Test Posts to Social Media'. */
export async function sendTestPosts(ctx: ServiceContext): Promise<{ results: SocialTest }> {
  const { config } = ctx;
  const text = testPostText({ schoolName: config.schoolName, sentAt: ctx.runtime.now(), timeZone: config.timeZone });
  return {
    results: await postEverywhere(config, { facebookText: text, instagramCaption: text, link: config.publicBaseUrl }),
  };
}

/** 'Process Social Media Notifications': sends the Facebook and Instagram notifications that are due, now. */
export async function processSocialNotifications(ctx: Context) {
  const totals = await deliverDueNotifications(ctx, { channels: ['facebook', 'instagram'] });
  return {
    message: answerText(ctx, {
      id: /*i18n*/ 'Processed social media notifications: {sent} sent, {retried} to retry, {failed} failed',
      values: { sent: totals.sent, retried: totals.retried, failed: totals.failed },
    }),
    ...totals,
  };
}

const demoMonitorName = 'Demo: school website (sample)';

/** 'Create Demo Notifications' (for a Facebook app review): a sample change queued for Facebook and Instagram. */
export function createDemoNotifications(ctx: Context) {
  const { config } = ctx;
  return ctx.db.transaction((tx) => {
    const monitor = monitorNamed(tx, {
      name: demoMonitorName,
      url: `https://www.${config.monitor.domain}/`,
      selectors: ['main'],
      status: 'paused',
    });
    const summary = changeSummarySchema.parse(`Sample update: ${config.schoolName} posted a new announcement`);
    const change = recordChange(tx, {
      monitorId: monitor.id,
      changeType: 'modified',
      summary,
      severity: 'medium',
      diffContent: '+ A new announcement',
    });
    const post = {
      schoolName: config.schoolName,
      monitorName: monitor.name,
      summary,
      url: monitor.url,
      detectedAt: change.detectedAt,
    };
    // Computed here so that a template error shows now, not at send time.
    changePostText(post);
    changeCaption(post);
    const created = queueNotifications(tx, change.id, ['facebook', 'instagram']);
    return {
      message: answerText(ctx, { id: /*i18n*/ 'Created {created} demo notifications', values: { created } }),
      created,
      changeId: change.id,
    };
  });
}
