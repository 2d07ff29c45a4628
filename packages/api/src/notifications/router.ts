import type { TRPCRouterRecord } from '@trpc/server';
import { emailStatus, sendTestEmail } from '../email/service';
import { adminProcedure } from '../trpc';

/**
 * The Email Settings tab's procedures. They belong to the email domain (email/service.ts) and keep
 * their notifications.* paths, which the web app and the REST routes call.
 */
export const notificationsRouter = {
  /** The Email Settings tab's summary. Never includes a password. */
  emailStatus: adminProcedure.query(({ ctx }) => emailStatus(ctx)),

  /** 'Send Test Posts to Email': a test message to the default recipient. */
  testEmail: adminProcedure.mutation(({ ctx }) => sendTestEmail(ctx)),
} satisfies TRPCRouterRecord;
