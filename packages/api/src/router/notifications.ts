import { testEmail } from '@pac/notify';
import { TRPCError } from '@trpc/server';
import { adminRecipient, MailNotConfiguredError, sendMail } from '../services/mail';
import { adminProcedure, router } from '../trpc';

export const notificationsRouter = router({
  /** 'Send Test Posts to Email': a test message to the default recipient. */
  testEmail: adminProcedure.mutation(async ({ ctx }) => {
    const recipient = adminRecipient(ctx.db, ctx.config);
    if (!recipient) throw new TRPCError({ code: 'BAD_REQUEST', message: new MailNotConfiguredError().message });
    try {
      await sendMail(ctx.db, ctx.config, { to: recipient, ...testEmail({ schoolName: ctx.config.schoolName, recipient, sentAt: new Date() }) });
    } catch (error) {
      if (error instanceof MailNotConfiguredError) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
      // The mail server's answer is the useful part for the admin; it never contains the password.
      return { success: false, recipient, message: error instanceof Error ? error.message : 'The test email could not be sent' };
    }
    return { success: true, recipient, message: `Test email sent to ${recipient}` };
  }),
});
