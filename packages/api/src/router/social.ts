import { changes, monitors, notifications } from '@pac/db';
import { changeCaption, changePostText, testPostText } from '@pac/notify';
import { changeSummarySchema } from '@pac/validators';
import { eq } from 'drizzle-orm';
import { channelDelivery } from '../services/delivery';
import { processNotifications } from '../services/notifications';
import { postEverywhere, socialStatus, testConnections } from '../services/social';
import { adminProcedure, router } from '../trpc';

const demoMonitorName = 'Demo: school website (sample)';

export const socialRouter = router({
  status: adminProcedure.query(({ ctx }) => socialStatus(ctx.config)),

  /** 'Test Social Media Connection': a harmless read on each platform. */
  test: adminProcedure.mutation(async ({ ctx }) => ({ results: await testConnections(ctx.config) })),

  /** 'Send Test Posts to Social Media'. */
  testPost: adminProcedure.mutation(async ({ ctx }) => {
    const text = testPostText({ schoolName: ctx.config.schoolName, sentAt: new Date(), timeZone: ctx.config.timeZone });
    return { results: await postEverywhere(ctx.config, { facebookText: text, instagramCaption: text, link: ctx.config.publicBaseUrl }) };
  }),

  /** 'Process Social Media Notifications': sends the Facebook and Instagram notifications that are due, now. */
  processNotifications: adminProcedure.mutation(async ({ ctx }) => {
    const totals = await processNotifications(ctx.db, channelDelivery(ctx.db, ctx.config), {
      channels: ['facebook', 'instagram'],
    });
    return {
      message: `Processed social media notifications: ${totals.sent} sent, ${totals.retried} to retry, ${totals.failed} failed`,
      ...totals,
    };
  }),

  /** 'Create Demo Notifications' (for a Facebook app review): a sample change queued for Facebook and Instagram. */
  createDemoNotifications: adminProcedure.mutation(({ ctx }) =>
    ctx.db.transaction((tx) => {
      let monitor = tx.select().from(monitors).where(eq(monitors.name, demoMonitorName)).get();
      monitor ??= tx
        .insert(monitors)
        .values({
          name: demoMonitorName,
          url: `https://www.${ctx.config.monitor.domain}/`,
          selectors: ['main'],
          status: 'paused',
        })
        .returning()
        .get();
      if (!monitor) throw new Error('The demo monitor could not be created');
      const summary = changeSummarySchema.parse(`Sample update: ${ctx.config.schoolName} posted a new announcement`);
      const change = tx
        .insert(changes)
        .values({ monitorId: monitor.id, changeType: 'modified', summary, severity: 'medium', diffContent: '+ A new announcement' })
        .returning()
        .get();
      if (!change) throw new Error('The demo change could not be created');
      const post = { schoolName: ctx.config.schoolName, monitorName: monitor.name, summary, url: monitor.url, detectedAt: change.detectedAt };
      // Computed here so that a template error shows now, not at send time.
      changePostText(post);
      changeCaption(post);
      let created = 0;
      for (const channel of ['facebook', 'instagram'] as const) {
        created += tx.insert(notifications).values({ changeId: change.id, channel }).onConflictDoNothing().run().changes;
      }
      return { message: `Created ${created} demo notifications`, created, changeId: change.id };
    }),
  ),
});
