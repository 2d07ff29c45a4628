import { testEmail } from '@pac/notify';
import { TRPCError } from '@trpc/server';
import { adminRecipient, currentSender, MailNotConfiguredError, sendMail } from '../services/mail';
import { getSetting } from '../services/settings';
import { adminProcedure, router } from '../trpc';

export const notificationsRouter = router({
  /** The Email Settings tab's summary. Never includes a password. */
  emailStatus: adminProcedure.query(({ ctx }) => {
    const sender = currentSender(ctx.db, ctx.config);
    return {
      configured: sender !== null,
      /** 'settings' when the tab overrides the environment, 'environment' for EMAIL_USER, else null. */
      senderSource: sender?.source ?? null,
      senderEmail: getSetting(ctx.db, 'senderEmail'),
      environmentSender: ctx.config.mail.envUser ?? null,
      adminEmail: getSetting(ctx.db, 'adminEmail'),
      recipient: adminRecipient(ctx.db, ctx.config),
    };
  }),

  /** 'Send Test Posts to Email': a test message to the default recipient. */
  testEmail: adminProcedure.mutation(async ({ ctx }) => {
    const recipient = adminRecipient(ctx.db, ctx.config);
    if (!recipient) throw new TRPCError({ code: 'BAD_REQUEST', message: new MailNotConfiguredError().message });
    try {
      await sendMail(ctx.db, ctx.config, { to: recipient, ...testEmail({ schoolName: ctx.config.schoolName, recipient, sentAt: new Date(), timeZone: ctx.config.timeZone }) });
    } catch (error) {
      if (error instanceof MailNotConfiguredError) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
      // The mail server's answer is the useful part for the admin; it never contains the password.
      return { success: false, recipient, message: error instanceof Error ? error.message : 'The test email could not be sent' };
    }
    return { success: true, recipient, message: `Test email sent to ${recipient}` };
  }),
});
