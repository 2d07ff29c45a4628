import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook, webhookSignature } from './webhook';

type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
type Receiver = { url: string; received: Received[]; close(): Promise<void> };

const servers: http.Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** A real HTTP receiver on 127.0.0.1; `answer` decides the reply (or none at all). */
async function startReceiver(
  answer: (res: http.ServerResponse) => void = (res) => {
    res.writeHead(204);
    res.end();
  },
): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      answer(res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/hooks/pac?key=hook-key-123`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const payload = { event: 'change.detected', monitor: 'Announcements', summary: 'Café menu → updated', id: 42 };

describe('postWebhook', () => {
  it('posts the payload as JSON with a verifiable HMAC signature', async () => {
    const receiver = await startReceiver();
    const secret = 'shh-webhook-secret';
    await expect(postWebhook(receiver.url, payload, { secret })).resolves.toEqual({ status: 204 });

    const [req] = receiver.received;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/hooks/pac?key=hook-key-123');
    expect(req?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(req?.body ?? '')).toEqual(payload);

    // Verify the way a receiver would: HMAC-SHA256 over the raw body bytes, compared in constant time.
    const header = String(req?.headers['x-pac-signature']);
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    const expected = createHmac('sha256', secret)
      .update(Buffer.from(req?.body ?? '', 'utf8'))
      .digest();
    expect(timingSafeEqual(Buffer.from(header.slice('sha256='.length), 'hex'), expected)).toBe(true);
    expect(webhookSignature(req?.body ?? '', secret)).toBe(header);
    expect(webhookSignature(req?.body ?? '', 'other-secret')).not.toBe(header);
  });

  it('sends no signature without a secret', async () => {
    const receiver = await startReceiver((res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
    await expect(postWebhook(receiver.url, [1, 2, 3])).resolves.toEqual({ status: 200 });
    expect(receiver.received[0]?.headers['x-pac-signature']).toBeUndefined();
    expect(receiver.received[0]?.body).toBe('[1,2,3]');
  });

  it('rejects a non-2xx answer with the status and a short excerpt of the body', async () => {
    const receiver = await startReceiver((res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`Database exploded. ${'x'.repeat(5000)}`);
    });
    const error = await postWebhook(receiver.url, payload, { secret: 's3cret' }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(
      /^The webhook at 127\.0\.0\.1:\d+ answered 500 Internal Server Error: Database exploded\. x+…$/,
    );
    expect(message.length).toBeLessThan(300);
    expect(message).not.toContain('hook-key-123');
  });

  it('does not follow redirects', async () => {
    const receiver = await startReceiver((res) => {
      res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' });
      res.end();
    });
    await expect(postWebhook(receiver.url, payload)).rejects.toThrow(/answered 302 Found\.$/);
    expect(receiver.received).toHaveLength(1);
  });

  it('rejects within the time limit when the receiver never answers', async () => {
    const receiver = await startReceiver(() => {
      /* never answer */
    });
    const started = Date.now();
    await expect(postWebhook(receiver.url, payload, { timeoutMs: 200 })).rejects.toThrow(
      /^The webhook \(127\.0\.0\.1:\d+\) did not answer within 200 ms\.$/,
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(2000);
  });

  it('refuses bad URLs and payloads that are not JSON', async () => {
    await expect(postWebhook('not a url', payload)).rejects.toThrow('The webhook address is not a valid URL.');
    await expect(postWebhook('file:///etc/passwd', payload)).rejects.toThrow(/must start with https:\/\//);
    await expect(postWebhook('http://127.0.0.1:9/x', { n: 1n })).rejects.toThrow(
      'The webhook payload could not be turned into JSON.',
    );
  });
});
