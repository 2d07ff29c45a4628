import { changes, monitors, notifications } from '@pac/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, testConfig } from '../../test/db';
import {
  backoffMs,
  failInterruptedNotifications,
  maxAttempts,
  processNotifications,
  queueChangeNotifications,
} from './service';

const t = createTestDb();
afterAll(() => t.cleanup());
beforeEach(() => {
  t.db.delete(monitors).run();
});

function seedChange(flags: Partial<typeof monitors.$inferInsert> = {}) {
  const monitor = t.db
    .insert(monitors)
    .values({ name: 'News', url: 'https://www.example-district.org/news', selectors: ['main'], ...flags })
    .returning()
    .get();
  const change = t.db
    .insert(changes)
    .values({ monitorId: monitor.id, changeType: 'modified', summary: 'New post' })
    .returning()
    .get();
  return { monitor, change };
}

const rows = () => t.db.select().from(notifications).all();

describe('queueChangeNotifications', () => {
  it('queues one notification per enabled channel, and only once', () => {
    const { monitor, change } = seedChange({ facebookPosts: false });
    expect(queueChangeNotifications(t.db, testConfig, monitor, change.id)).toBe(3);
    expect(queueChangeNotifications(t.db, testConfig, monitor, change.id)).toBe(0);
    expect(
      rows()
        .map((r) => r.channel)
        .sort(),
    ).toEqual(['email', 'instagram', 'internal']);
    const withWebhook = {
      ...testConfig,
      monitor: { ...testConfig.monitor, webhookUrl: 'https://hooks.example.org/pac' },
    };
    const second = seedChange();
    expect(queueChangeNotifications(t.db, withWebhook, second.monitor, second.change.id)).toBe(5);
  });
});

describe('processNotifications', () => {
  it('sends each once; a failing channel is retried with growing waits and fails after the last attempt, without holding up the others', async () => {
    const { monitor, change } = seedChange();
    queueChangeNotifications(t.db, testConfig, monitor, change.id);
    const sentTo: string[] = [];
    const deliver = (channel: string) => {
      if (channel === 'facebook') return Promise.reject(new Error('Facebook said: rate limited'));
      sentTo.push(channel);
      return Promise.resolve();
    };
    let now = new Date('2030-01-01T10:00:00Z');
    const first = await processNotifications(t.db, deliver, { now });
    expect(first).toEqual({ sent: 3, failed: 0, retried: 1 });
    expect(sentTo.sort()).toEqual(['email', 'instagram', 'internal']);

    // Nothing is due before the backoff has passed, and sent ones never go again.
    expect(await processNotifications(t.db, deliver, { now: new Date(now.getTime() + 1000) })).toEqual({
      sent: 0,
      failed: 0,
      retried: 0,
    });
    for (let attempt = 2; attempt <= maxAttempts; attempt += 1) {
      now = new Date(now.getTime() + backoffMs(attempt - 1));
      const result = await processNotifications(t.db, deliver, { now });
      expect(result.sent).toBe(0);
      expect(attempt === maxAttempts ? result.failed : result.retried).toBe(1);
    }
    const facebook = rows().find((r) => r.channel === 'facebook');
    expect(facebook).toMatchObject({
      status: 'failed',
      attempts: maxAttempts,
      lastError: 'Facebook said: rate limited',
    });
    expect(sentTo).toHaveLength(3);
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
  });

  it('never sends again what a stopped process was in the middle of sending', async () => {
    const { monitor, change } = seedChange({ emailNotifications: false, internalPosts: false, instagramPosts: false });
    queueChangeNotifications(t.db, testConfig, monitor, change.id);
    // A worker claimed it and the process died before recording the outcome.
    t.db
      .update(notifications)
      .set({ claimedAt: new Date(), attempts: 1 })
      .where(eq(notifications.changeId, change.id))
      .run();
    expect(failInterruptedNotifications(t.db)).toBe(1);
    let calls = 0;
    await processNotifications(t.db, () => {
      calls += 1;
      return Promise.resolve();
    });
    expect(calls).toBe(0);
    expect(rows()[0]).toMatchObject({ status: 'failed', claimedAt: null });
    expect(rows()[0]?.lastError).toMatch(/not sent again/);
  });

  it('lets only one of two concurrent workers send a notification', async () => {
    const { monitor, change } = seedChange({ emailNotifications: false, internalPosts: false, instagramPosts: false });
    queueChangeNotifications(t.db, testConfig, monitor, change.id);
    let calls = 0;
    const slow = () => {
      calls += 1;
      return new Promise<void>((resolve) => setTimeout(resolve, 20));
    };
    await Promise.all([processNotifications(t.db, slow), processNotifications(t.db, slow)]);
    expect(calls).toBe(1);
  });
});
