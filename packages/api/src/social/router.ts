import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure } from '../trpc';
import {
  createDemoNotifications,
  processSocialNotifications,
  sendTestPosts,
  socialStatus,
  testSocialConnections,
} from './service';

export const socialRouter = {
  status: adminProcedure.query(({ ctx }) => socialStatus(ctx)),

  /** 'Test Social Media Connection': a harmless read on each platform. */
  test: adminProcedure.mutation(({ ctx }) => testSocialConnections(ctx)),

  /** 'Send Test Posts to Social Media'. */
  testPost: adminProcedure.mutation(({ ctx }) => sendTestPosts(ctx)),

  /** 'Process Social Media Notifications': sends the Facebook and Instagram notifications that are due, now. */
  processNotifications: adminProcedure.mutation(({ ctx }) => processSocialNotifications(ctx)),

  /** 'Create Demo Notifications' (for a Facebook app review): a sample change queued for Facebook and Instagram. */
  createDemoNotifications: adminProcedure.mutation(({ ctx }) => createDemoNotifications(ctx)),
} satisfies TRPCRouterRecord;
