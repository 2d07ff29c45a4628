import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
  raw: string;
}

/** A top-level header as sent (unfolded), or undefined. */
export function rawHeader(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

export interface TestSmtp {
  port: number;
  messages: ReceivedMail[];
  /** The usernames that logged in, in order. */
  logins: string[];
  /** Resolves once at least `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Resolves with the messages `match` accepts once there are at least `count` (or rejects after `timeoutMs`). */
  waitForMatching(match: (mail: ReceivedMail) => boolean, count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that accepts any login and keeps every message it gets. */
export async function startTestSmtp(
  options: { rejectRecipients?: (address: string) => boolean } = {},
): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Loopback only: lets the client log in without TLS, so the test sees which sender logged in.
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) => {
      logins.push(auth.username ?? '');
      callback(null, { user: auth.username ?? 'test' });
    },
    onRcptTo: (address, _session, callback) => {
      if (options.rejectRecipients?.(address.address)) callback(new Error('Mailbox unavailable'));
      else callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            messages.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed, raw });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const waitForMatching = async (
    match: (mail: ReceivedMail) => boolean,
    count: number,
    timeoutMs = 10_000,
  ): Promise<ReceivedMail[]> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.filter(match);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`expected ${count} matching messages, got ${found.length}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  return {
    port,
    messages,
    logins,
    waitFor: (count, timeoutMs) => waitForMatching(() => true, count, timeoutMs),
    waitForMatching,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** SMTP settings for startTestServer's env that send to this server. */
export function smtpEnv(smtp: TestSmtp): Record<string, string> {
  return {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: 'false',
    EMAIL_USER: 'pac.sender@example.org',
    EMAIL_APP_PASSWORD: 'env-app-password',
  };
}
