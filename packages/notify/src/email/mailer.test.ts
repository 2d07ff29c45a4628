import net from 'node:net';
import { i18nFor } from '@pac/i18n/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { buildIcs } from './ics';
import { createMailer, MailError, type Mailer } from './mailer';

// ---------------------------------------------------------------------------------------------
// A real SMTP server on 127.0.0.1 that keeps what it receives.

type Received = { raw: string; mailFrom: string | null; rcptTo: string[] };
type Auth = { method: string; username: string | null | undefined; password: string | null | undefined };
type TestServer = { port: number; messages: Received[]; auths: Auth[]; close: () => Promise<void> };

const USER = 'sender@example.org';
const PASSWORD = 'correct horse battery staple';

async function startSmtpServer(overrides: Partial<SMTPServerOptions> = {}): Promise<TestServer> {
  const messages: Received[] = [];
  const auths: Auth[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      auths.push({ method: auth.method, username: auth.username, password: auth.password });
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        messages.push({
          raw: Buffer.concat(chunks).toString('utf8'),
          mailFrom: mailFrom ? mailFrom.address : null,
          rcptTo: rcptTo.map((r) => r.address),
        });
        callback(null);
      });
    },
    ...overrides,
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    const listener = server.listen(0, '127.0.0.1', () => {
      const address = listener.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('The test SMTP server has no port.'));
    });
  });
  return {
    port,
    messages,
    auths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// Just enough MIME parsing to look at the parts.

type MimePart = { headers: Map<string, string>; body: string; parts: MimePart[] };

function parseMime(raw: string): MimePart {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const headerText = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? '' : text.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of headerText.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((segment) => !segment.startsWith('--'))
      .map((segment) => parseMime(segment.replace(/^\n/, '')));
    return { headers, body: '', parts };
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  let decoded = body;
  if (encoding === 'base64') decoded = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    decoded = decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return { headers, body: decoded, parts: [] };
}

function leaves(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}

function partOfType(root: MimePart, type: string): MimePart | undefined {
  return leaves(root).find((p) => (p.headers.get('content-type') ?? '').toLowerCase().startsWith(type));
}

// ---------------------------------------------------------------------------------------------

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function setup(overrides: Partial<SMTPServerOptions> = {}): Promise<{ server: TestServer; mailer: Mailer }> {
  const server = await startSmtpServer(overrides);
  cleanups.push(server.close);
  const mailer = createMailer({
    host: '127.0.0.1',
    port: server.port,
    secure: false,
    user: USER,
    password: PASSWORD,
    fromName: 'Maple PAC',
  });
  // Close the pool before the server so the server does not wait for idle connections.
  cleanups.push(() => mailer.close());
  return { server, mailer };
}

describe('createMailer', () => {
  it('delivers text, html, a calendar event, an attachment and custom headers', async () => {
    const { server, mailer } = await setup();
    const ics = buildIcs({ uid: 'slot-1@pac', title: 'Book fair', start: new Date('2025-05-03T16:00:00Z') });

    const result = await mailer.send({
      to: 'parent@example.com',
      subject: 'You are signed up',
      text: 'Thanks for volunteering!',
      html: '<p>Thanks for <strong>volunteering</strong>!</p>',
      icalEvent: { method: 'PUBLISH', content: ics },
      attachments: [{ filename: 'notes.txt', content: 'Bring gloves', contentType: 'text/plain' }],
      headers: { 'List-Unsubscribe': '<https://pac.example.org/reminders/stop?token=abc>' },
      replyTo: 'organizer@example.org',
    });

    expect(result.accepted).toEqual(['parent@example.com']);
    expect(result.messageId).toMatch(/^<.+@.+>$/);
    expect(server.auths).toEqual([{ method: 'PLAIN', username: USER, password: PASSWORD }]);
    expect(server.messages).toHaveLength(1);
    const received = server.messages[0];
    if (!received) throw new Error('no message');
    expect(received.mailFrom).toBe(USER);
    expect(received.rcptTo).toEqual(['parent@example.com']);

    const mime = parseMime(received.raw);
    expect(mime.headers.get('to')).toBe('parent@example.com');
    expect(mime.headers.get('from')).toMatch(/Maple PAC.*<sender@example\.org>/);
    expect(mime.headers.get('subject')).toBe('You are signed up');
    expect(mime.headers.get('reply-to')).toBe('organizer@example.org');
    expect(mime.headers.get('list-unsubscribe')).toBe('<https://pac.example.org/reminders/stop?token=abc>');
    expect(mime.headers.get('message-id')).toBe(result.messageId);

    const textPart = leaves(mime).find(
      (p) => (p.headers.get('content-type') ?? '').startsWith('text/plain') && !p.headers.has('content-disposition'),
    );
    expect(textPart?.body.trim()).toBe('Thanks for volunteering!');
    expect(partOfType(mime, 'text/html')?.body).toContain('<strong>volunteering</strong>');
    const calendar = partOfType(mime, 'text/calendar');
    expect(calendar?.headers.get('content-type')).toMatch(/method=PUBLISH/i);
    expect(calendar?.body).toContain('BEGIN:VCALENDAR');
    expect(calendar?.body).toContain('SUMMARY:Book fair');
    const attachment = leaves(mime).find((p) =>
      /filename="?notes\.txt/.test(p.headers.get('content-disposition') ?? ''),
    );
    expect(attachment?.body).toBe('Bring gloves');
  });

  it('sends to several recipients and reuses the pooled connection', async () => {
    const { server, mailer } = await setup();
    await mailer.send({ to: ['a@example.com', 'b@example.com'], subject: 'One', text: 'First' });
    await mailer.send({ to: 'c@example.com', subject: 'Two', text: 'Second' });
    expect(server.messages.map((m) => m.rcptTo)).toEqual([['a@example.com', 'b@example.com'], ['c@example.com']]);
    expect(server.auths).toHaveLength(1);
  });

  it('verifies the connection and login', async () => {
    const { server, mailer } = await setup();
    await expect(mailer.verify()).resolves.toBeUndefined();
    expect(server.auths[0]?.username).toBe(USER);
  });

  it('rejects with a readable sentence when the server refuses the recipient', async () => {
    const { mailer } = await setup({
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('nobody@')) {
          callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        } else callback();
      },
    });
    const failure = await mailer.send({ to: 'nobody@example.com', subject: 'Hi', text: 'Hi' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    const error = failure as Error;
    expect(error.message).toMatch(/^The mail server refused the recipient address: nobody@example\.com\./);
    expect(error.message).toContain('No such user here');
    expect(error.message).not.toContain(PASSWORD);
    expect(error.cause).toBeInstanceOf(Error);

    // A partly refused list still delivers to the rest.
    const result = await mailer.send({ to: ['nobody@example.com', 'ok@example.com'], subject: 'Hi', text: 'Hi' });
    expect(result.accepted).toEqual(['ok@example.com']);
  });

  it('rejects a wrong password without repeating it', async () => {
    const server = await startSmtpServer();
    cleanups.push(server.close);
    const wrong = 'not-the-right-password';
    const mailer = createMailer({ host: '127.0.0.1', port: server.port, secure: false, user: USER, password: wrong });
    cleanups.push(() => mailer.close());
    const failure = await mailer.send({ to: 'parent@example.com', subject: 'Hi', text: 'Hi' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MailError);
    const error = failure as MailError;
    expect(error.message).toMatch(/did not accept the sender's user name or password/);
    expect(error.message).not.toContain(wrong);
    expect(error.message).not.toContain(Buffer.from(wrong).toString('base64'));
    await expect(mailer.verify()).rejects.toThrow(/user name or password/);
    // The sentence in a reader's language comes from the catalog, with the server's reply kept apart.
    const fa = i18nFor('fa');
    const asked = vi.spyOn(fa, '_');
    try {
      const described = error.describe(fa);
      expect(asked.mock.calls.map(([id]) => id)).toEqual([
        'The server said: {reply}',
        "The mail server at {server} did not accept the sender's user name or password.",
      ]);
      expect(described).not.toContain(wrong);
    } finally {
      asked.mockRestore();
    }
  });

  it('rejects when no sender address is configured', async () => {
    const mailer = createMailer({ host: '127.0.0.1', port: 1, secure: false });
    cleanups.push(() => mailer.close());
    await expect(mailer.send({ to: 'parent@example.com', subject: 'Hi', text: 'Hi' })).rejects.toThrow(
      /No sender address is configured/,
    );
  });

  it('rejects promptly when nothing listens on the port', async () => {
    const port = await freePort();
    const mailer = createMailer({
      host: '127.0.0.1',
      port,
      secure: false,
      from: USER,
      timeouts: { connectionMs: 1000, greetingMs: 1000, socketMs: 2000 },
    });
    cleanups.push(() => mailer.close());
    const started = Date.now();
    await expect(mailer.send({ to: 'parent@example.com', subject: 'Hi', text: 'Hi' })).rejects.toThrow(
      `Could not connect to the mail server at 127.0.0.1:${port}: the connection was refused.`,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives up on a server that accepts the connection but never greets', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
    });
    const port = await new Promise<number>((resolve) => {
      silent.listen(0, '127.0.0.1', () => {
        const address = silent.address();
        resolve(address && typeof address === 'object' ? address.port : 0);
      });
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        }),
    );
    const mailer = createMailer({
      host: '127.0.0.1',
      port,
      secure: false,
      from: USER,
      timeouts: { connectionMs: 300, greetingMs: 300, socketMs: 1000 },
    });
    cleanups.push(() => mailer.close());
    const started = Date.now();
    await expect(mailer.send({ to: 'parent@example.com', subject: 'Hi', text: 'Hi' })).rejects.toThrow(
      `The mail server at 127.0.0.1:${port} did not answer in time.`,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = address && typeof address === 'object' ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
