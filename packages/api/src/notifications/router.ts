import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure } from '../trpc';
import { emailStatus, sendTestEmail } from './service';

export const notificationsRouter = {
  /** The Email Settings tab's summary. Never includes a password. */
  emailStatus: adminProcedure.query(({ ctx }) => emailStatus(ctx)),

  /** 'Send Test Posts to Email': a test message to the default recipient. */
  testEmail: adminProcedure.mutation(({ ctx }) => sendTestEmail(ctx)),
} satisfies TRPCRouterRecord;
