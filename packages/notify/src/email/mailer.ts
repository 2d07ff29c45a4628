import { type I18n, i18nFor } from '@pac/i18n/server';
import type { NodemailerError, SendMailOptions, Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';

export type MailConfig = {
  host: string;
  port: number;
  /** true for implicit TLS (usually port 465); false starts in plain text and upgrades with STARTTLS when offered. */
  secure: boolean;
  user?: string;
  password?: string;
  /** Sender address; defaults to `user`. */
  from?: string;
  fromName?: string;
  /** Milliseconds; defaults 10 s to connect, 10 s for the greeting, 30 s of socket inactivity. */
  timeouts?: { connectionMs?: number; greetingMs?: number; socketMs?: number };
  /** Certificates are checked unless this is explicitly turned off (e.g. for a self-signed test server). */
  tls?: { rejectUnauthorized?: boolean };
};

export type MailAttachment = { filename: string; content: string | Buffer; contentType?: string };

export type MailMessage = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  icalEvent?: { method: 'PUBLISH' | 'REQUEST'; content: string; filename?: string };
  headers?: Record<string, string>;
  replyTo?: string;
};

export type SendResult = { messageId: string; accepted: string[] };

export type Mailer = {
  send(msg: MailMessage): Promise<SendResult>;
  /** Connects (and logs in, when credentials are set) without sending anything. */
  verify(): Promise<void>;
  /** Closes pooled connections; messages already being delivered finish first. */
  close(): void;
};

const DEFAULT_TIMEOUTS = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/**
 * A failure of the mailer, as a sentence a person can act on: its message is the sentence in
 * English (for the logs), and `describe` writes it in a reader's language (the admin who sent a
 * test email). Neither ever holds the password.
 */
export class MailError extends Error {
  constructor(
    readonly describe: (i18n: I18n) => string,
    options?: { cause: unknown },
  ) {
    super(describe(i18nFor('en')), options);
  }
}

/**
 * A pooled SMTP mailer. Every failure rejects with an Error whose message is a sentence a person
 * can act on (the nodemailer error is kept as `cause`); the password never appears in it.
 */
export function createMailer(config: MailConfig): Mailer {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...config.timeouts };
  const auth = config.user && config.password ? { user: config.user, pass: config.password } : undefined;
  const transportOptions: SMTPPool.Options = {
    pool: true,
    host: config.host,
    port: config.port,
    secure: config.secure,
    requireTLS: false,
    auth,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    tls: { rejectUnauthorized: config.tls?.rejectUnauthorized ?? true },
  };
  // nodemailer is loaded with the first mail, not at start (apps/server/build.mjs keeps it in a chunk
  // of its own): a server that sends nothing never holds it. One pooled transport from then on.
  let transport: Promise<Transporter<SMTPPool.SentMessageInfo>> | null = null;
  const transportNow = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(transportOptions));
    return transport;
  };
  const fromAddress = config.from ?? config.user;
  const describe = (err: unknown): Error => toReadableError(err, config);

  return {
    async send(msg) {
      if (!fromAddress) {
        throw new MailError((i18n) =>
          i18n._('No sender address is configured: set a sender email before sending mail.'),
        );
      }
      const options: SendMailOptions = {
        from: config.fromName ? { name: config.fromName, address: fromAddress } : fromAddress,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
        replyTo: msg.replyTo,
        headers: msg.headers,
        attachments: msg.attachments?.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
        })),
        icalEvent: msg.icalEvent
          ? {
              method: msg.icalEvent.method,
              content: msg.icalEvent.content,
              filename: msg.icalEvent.filename ?? 'event.ics',
            }
          : undefined,
      };
      try {
        const info = await (await transportNow()).sendMail(options);
        return { messageId: info.messageId, accepted: info.accepted.map(String) };
      } catch (err) {
        throw describe(err);
      }
    },
    async verify() {
      try {
        await (await transportNow()).verify();
      } catch (err) {
        throw describe(err);
      }
    },
    close() {
      // Nothing to close when no mail was ever sent (or nodemailer could not be loaded, which every
      // send has already reported).
      void transport?.then(
        (t) => t.close(),
        () => undefined,
      );
    },
  };
}

function isNodemailerError(err: unknown): err is NodemailerError {
  return err instanceof Error;
}

function toReadableError(err: unknown, config: MailConfig): MailError {
  const server = `${config.host}:${config.port}`;
  if (!isNodemailerError(err)) {
    return new MailError((i18n) => i18n._('Sending email through {server} failed.', { server }), { cause: err });
  }
  const describe = (i18n: I18n): string => {
    const reply = err.response ? i18n._('The server said: {reply}', { reply: oneLine(err.response) }) : null;
    const withReply = (sentence: string) => (reply ? `${sentence} ${reply}` : sentence);
    switch (err.code ?? '') {
      case 'EAUTH':
        return withReply(
          i18n._("The mail server at {server} did not accept the sender's user name or password.", { server }),
        );
      case 'ENOAUTH':
        return i18n._('The mail server at {server} requires a login, but no user name and password are configured.', {
          server,
        });
      case 'ETIMEDOUT':
        return i18n._('The mail server at {server} did not answer in time.', { server });
      case 'EDNS':
        return i18n._('The mail server host {host} could not be found.', { host: config.host });
      case 'ETLS':
        return i18n._('A secure connection to the mail server at {server} could not be set up.', { server });
      case 'EENVELOPE': {
        const rejected = err.rejected ?? [];
        return withReply(
          rejected.length === 0
            ? i18n._('The mail server refused the recipient address.')
            : i18n._(
                '{count, plural, one {The mail server refused the recipient address: {addresses}.} other {The mail server refused the recipient addresses: {addresses}.}}',
                { count: rejected.length, addresses: rejected.join(', ') },
              ),
        );
      }
      case 'EMESSAGE':
        return withReply(i18n._('The mail server refused the message.'));
      case 'ECONNECTION':
      case 'ESOCKET':
        return err.originalCode === 'ECONNREFUSED'
          ? i18n._('Could not connect to the mail server at {server}: the connection was refused.', { server })
          : i18n._('The connection to the mail server at {server} failed.', { server });
      default:
        return i18n._('Sending email through {server} failed: {reason}', { server, reason: oneLine(err.message) });
    }
  };
  return new MailError((i18n) => scrub(describe(i18n), config.password), { cause: err });
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Servers sometimes echo what they received; make sure the password (plain or base64) never leaks. */
function scrub(message: string, password: string | undefined): string {
  if (!password) return message;
  let out = message;
  for (const secret of [password, Buffer.from(password).toString('base64')]) {
    out = out.split(secret).join('***');
  }
  return out;
}
