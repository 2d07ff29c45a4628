import { cannotWrite } from '@pac/db';
import { i18nFor } from '@pac/i18n/server';
import { MailError, type MailMessage, testEmail } from '@pac/notify';
import type { Context, ServiceContext } from '../context';
import { refuse } from '../lib/errors';
import { answerText } from '../lib/i18n';
import { getSetting } from '../settings/service';
import { commitTogether } from '../lib/sharedCommits';
import {
  type MailKind,
  type MailRefusal,
  type MailReservation,
  recordSent,
  type Reserved,
  reserveMail,
} from './budget';
import { recipientI18n } from './language';
import { MailNotConfiguredError, type Sender } from './mailRuntime';

/**
 * Mail: which account sends (the Email Settings tab's sender, else the environment's), where
 * admin mail goes, and `sendMail`, the one way any email of the product leaves the server (through
 * the Runtime's mail pool). Domains write their own messages and send them through `sendMail`.
 */

/** The sender account: the settings senderEmail/senderPassword override EMAIL_USER/EMAIL_APP_PASSWORD. */
export function currentSender(ctx: Pick<ServiceContext, 'config' | 'runtime'>): Sender | null {
  const user = getSetting(ctx, 'senderEmail');
  const password = getSetting(ctx, 'senderPassword');
  if (user && password) return { user, password, source: 'settings' };
  const { envUser, envPassword } = ctx.config.mail;
  if (envUser && envPassword) return { user: envUser, password: envPassword, source: 'environment' };
  return null;
}

/** Where admin mail goes: the adminEmail setting, else the sender's own address. */
export function adminRecipient(ctx: Pick<ServiceContext, 'config' | 'runtime'>): string | null {
  return getSetting(ctx, 'adminEmail') ?? currentSender(ctx)?.user ?? null;
}

/** BAD_REQUEST with the Email Settings sentence: mail cannot go out without a sender. */
function notConfigured(cause?: MailNotConfiguredError) {
  return refuse('BAD_REQUEST', (cause ?? new MailNotConfiguredError()).message, { reason: 'mailNotConfigured', cause });
}

/** Refuses (see notConfigured) a procedure that cannot work without a sender. */
export function assertMailConfigured(ctx: Pick<ServiceContext, 'config' | 'runtime'>): void {
  if (!currentSender(ctx)) throw notConfigured();
}

/** What became of a message handed to sendMail. */
export type MailOutcome = 'sent' | MailRefusal;

/**
 * Sends one message from the current sender: the one way any email of the product leaves the
 * server, so every one passes the limits here (API.md, "Mail that cannot be turned against
 * anyone"). Its mailbox gets at most MAIL_PER_ADDRESS_PER_DAY emails a school day, whatever sends
 * them (a `requested` link always goes, and counts); a `reminder` never reaches a mailbox that
 * unsubscribed. A message held back is not an error: it answers why, and the log says so (without
 * the address). `reservation` is one the caller took with reserveMail for this address.
 */
export async function sendMail(
  ctx: Pick<ServiceContext, 'config' | 'runtime'>,
  // One address per message: the limits are per mailbox.
  message: MailMessage & { to: string },
  options: { kind: MailKind; reservation?: MailReservation },
): Promise<MailOutcome> {
  const sender = currentSender(ctx);
  if (!sender) throw new MailNotConfiguredError();
  const reserved: Reserved = options.reservation
    ? { ok: true, ...options.reservation }
    : reserveMail(ctx, message.to, options.kind);
  if (!reserved.ok) {
    ctx.runtime.logger.warn(
      { kind: options.kind, reason: reserved.reason },
      reserved.reason === 'suppressed'
        ? 'Mail not sent: the address asked for no more reminders'
        : reserved.reason === 'noAddress'
          ? 'Mail not sent: no address (the person erased their details)'
          : 'Mail not sent: the address has had its emails for today (MAIL_PER_ADDRESS_PER_DAY)',
    );
    return reserved.reason;
  }
  await ctx.runtime.mail.send(sender, message);
  try {
    await commitTogether(ctx, () => recordSent(ctx.runtime.db, reserved), 'deferred');
  } catch (error) {
    // The mail went: a count the disk would not keep (full, read-only) is this process's alone.
    if (!cannotWrite(error)) throw error;
    ctx.runtime.logger.warn({ err: error }, "A sent mail's count could not be saved");
  }
  return 'sent';
}

/** The Email Settings tab's summary. Never includes a password. */
export function emailStatus(ctx: ServiceContext) {
  const sender = currentSender(ctx);
  return {
    configured: sender !== null,
    /** 'settings' when the tab overrides the environment, 'environment' for EMAIL_USER, else null. */
    senderSource: sender?.source ?? null,
    senderEmail: getSetting(ctx, 'senderEmail'),
    environmentSender: ctx.config.mail.envUser ?? null,
    adminEmail: getSetting(ctx, 'adminEmail'),
    recipient: adminRecipient(ctx),
  };
}

/** 'Send Test Posts to Email': a test message to the default recipient. */
export async function sendTestEmail(ctx: Context) {
  const recipient = adminRecipient(ctx);
  if (!recipient) throw notConfigured();
  const { schoolName, timeZone } = ctx.config;
  try {
    await sendMail(
      ctx,
      {
        to: recipient,
        ...testEmail({
          // The recipient's language, else that of the admin who asked for it.
          i18n: recipientI18n(ctx.db, recipient, ctx.language),
          schoolName,
          recipient,
          sentAt: ctx.runtime.now(),
          timeZone,
        }),
      },
      // The admin asked for it, to their own address.
      { kind: 'requested' },
    );
  } catch (error) {
    if (error instanceof MailNotConfiguredError) throw notConfigured(error);
    // The mail server's answer is the useful part for the admin; it never contains the password.
    return {
      success: false,
      recipient,
      message:
        error instanceof MailError
          ? error.describe(i18nFor(ctx.language))
          : error instanceof Error
            ? error.message
            : answerText(ctx, /*i18n*/ 'The test email could not be sent'),
    };
  }
  return {
    success: true,
    recipient,
    message: answerText(ctx, { id: /*i18n*/ 'Test email sent to {recipient}', values: { recipient } }),
  };
}
