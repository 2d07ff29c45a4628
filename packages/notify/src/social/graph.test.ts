import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGraph, startHangingServer, type FakeGraph, type HangingServer } from '../../test/fake-graph';
import { createGraphClient, GraphError, graphPath } from './graph';
import { redact } from './http';

const TOKEN = 'EAAB-test-token/with+odd=chars';
const PAGE_ID = '1234567890';

let fake: FakeGraph | undefined;
let hanging: HangingServer | undefined;
const extraServers: http.Server[] = [];

afterEach(async () => {
  await fake?.close();
  await hanging?.close();
  fake = undefined;
  hanging = undefined;
  for (const server of extraServers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function rejection(promise: Promise<unknown>): Promise<GraphError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof GraphError) return err;
    throw new Error(`Expected a GraphError, got ${String(err)}`, { cause: err });
  }
  throw new Error('Expected the call to fail.');
}

/** A server that answers every request with the given status, content type and body. */
async function startPlainServer(status: number, contentType: string, body: string): Promise<string> {
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(status, { 'content-type': contentType });
    res.end(body);
  });
  extraServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return `http://127.0.0.1:${address.port}/v21.0`;
}

describe('createGraphClient', () => {
  it('sends a GET with the token in an Authorization header, not in the URL', async () => {
    fake = await startFakeGraph({ token: TOKEN, pageId: PAGE_ID, pageName: 'Maple PAC' });
    const data = await createGraphClient({ baseUrl: fake.baseUrl, accessToken: TOKEN }).get(graphPath(PAGE_ID), {
      fields: 'id,name',
    });
    expect(data).toEqual({ id: PAGE_ID, name: 'Maple PAC' });
    const [req] = fake.requests;
    expect(req?.method).toBe('GET');
    expect(req?.path).toBe(`/${PAGE_ID}`);
    expect(req?.query).toEqual({ fields: 'id,name' });
    expect(req?.tokenVia).toBe('header');
    expect(req?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req?.rawUrl).not.toContain('access_token');
  });

  it('sends a POST as a form with the token as a body field', async () => {
    fake = await startFakeGraph({ token: TOKEN, pageId: PAGE_ID });
    const data = await createGraphClient({ baseUrl: `${fake.baseUrl}/`, accessToken: TOKEN }).post(
      graphPath(PAGE_ID, 'feed'),
      { message: 'Hello & welcome', link: undefined },
    );
    expect(data.id).toMatch(new RegExp(`^${PAGE_ID}_\\d+$`));
    const [req] = fake.requests;
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe(`/${PAGE_ID}/feed`);
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req?.body).toEqual({ message: 'Hello & welcome', access_token: TOKEN });
    expect(req?.tokenVia).toBe('body');
    expect(req?.rawUrl).toBe(`/v21.0/${PAGE_ID}/feed`);
  });

  it('turns a Graph error body into a GraphError with a readable message', async () => {
    fake = await startFakeGraph({ token: TOKEN, pageId: PAGE_ID });
    const err = await rejection(
      createGraphClient({ baseUrl: fake.baseUrl, accessToken: 'wrong-token' }).get(graphPath(PAGE_ID)),
    );
    expect(err.message).toMatch(/^Facebook said: Invalid OAuth access token\./);
    expect(err).toMatchObject({ kind: 'api', status: 400, type: 'OAuthException', code: 190 });
    expect(err.fbtraceId).toBe('AbCdEfGh123');
  });

  it('names the platform it was created for', async () => {
    fake = await startFakeGraph({ token: TOKEN });
    const err = await rejection(
      createGraphClient({ baseUrl: fake.baseUrl, accessToken: TOKEN }, 'Instagram').get(graphPath('nope')),
    );
    expect(err.message).toMatch(/^Instagram said: Unsupported get request\. Object with ID 'nope' does not exist/);
    expect(err.code).toBe(100);
  });

  it('never lets the token through, even when the server repeats it', async () => {
    fake = await startFakeGraph({ token: 'the-real-token', pageId: PAGE_ID, echoToken: true });
    const err = await rejection(
      createGraphClient({ baseUrl: fake.baseUrl, accessToken: TOKEN }).get(graphPath(PAGE_ID)),
    );
    expect(err.message).toContain('Facebook said: Invalid OAuth access token.');
    expect(err.message).toContain('access_token=***');
    expect(err.message).not.toContain(TOKEN);
    expect(err.message).not.toContain(encodeURIComponent(TOKEN));
    expect(JSON.stringify(err)).not.toContain('test-token');
  });

  it('explains a non-JSON error answer with its status and an excerpt', async () => {
    const baseUrl = await startPlainServer(502, 'text/html', `<html>${'Bad gateway '.repeat(50)}</html>`);
    const err = await rejection(createGraphClient({ baseUrl, accessToken: TOKEN }).get(graphPath(PAGE_ID)));
    expect(err.message).toMatch(/^Facebook answered 502 Bad Gateway: <html>Bad gateway/);
    expect(err.message.length).toBeLessThan(260);
    expect(err).toMatchObject({ kind: 'http', status: 502 });
  });

  it('rejects a 2xx answer that is not a JSON object', async () => {
    const baseUrl = await startPlainServer(200, 'text/plain', 'ok');
    const err = await rejection(createGraphClient({ baseUrl, accessToken: TOKEN }).get(graphPath(PAGE_ID)));
    expect(err.message).toBe('Facebook sent an answer that is not a JSON object.');
  });

  it('reports a refused connection', async () => {
    const baseUrl = await startPlainServer(200, 'application/json', '{}');
    const server = extraServers.pop();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    const err = await rejection(createGraphClient({ baseUrl, accessToken: TOKEN }).get(graphPath(PAGE_ID)));
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/^Could not connect to Facebook at 127\.0\.0\.1:\d+: the connection was refused\.$/);
  });

  it('refuses to call without a token or with a bad base URL', async () => {
    fake = await startFakeGraph({ token: TOKEN, pageId: PAGE_ID });
    const noToken = await rejection(createGraphClient({ baseUrl: fake.baseUrl }).get(graphPath(PAGE_ID)));
    expect(noToken).toMatchObject({
      kind: 'config',
      message: 'Facebook is not set up: no access token is configured.',
    });
    const badUrl = await rejection(createGraphClient({ baseUrl: 'not a url', accessToken: TOKEN }).get('x'));
    expect(badUrl.kind).toBe('config');
    expect(badUrl.message).toContain('is not a valid URL');
    const ftp = await rejection(createGraphClient({ baseUrl: 'ftp://graph.example', accessToken: TOKEN }).get('x'));
    expect(ftp.message).toContain('https://');
    expect(fake.requests).toHaveLength(0);
  });

  it('gives up on a server that never answers, within the time limit', async () => {
    hanging = await startHangingServer('headers');
    const started = Date.now();
    const err = await rejection(
      createGraphClient({ baseUrl: hanging.baseUrl, accessToken: TOKEN, timeoutMs: 200 }).get(graphPath(PAGE_ID)),
    );
    const elapsed = Date.now() - started;
    expect(err.kind).toBe('timeout');
    expect(err.message).toMatch(/^Facebook \(127\.0\.0\.1:\d+\) did not answer within 200 ms\.$/);
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(2000);
    expect(hanging.hits()).toBe(1);
  });

  it('gives up on an answer whose body never finishes', async () => {
    hanging = await startHangingServer('body');
    const started = Date.now();
    const err = await rejection(
      createGraphClient({ baseUrl: hanging.baseUrl, accessToken: TOKEN, timeoutMs: 250 }).post(
        graphPath(PAGE_ID, 'feed'),
        {
          message: 'x',
        },
      ),
    );
    expect(err.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('graphPath', () => {
  it('encodes each segment so an id cannot reach another endpoint', () => {
    expect(graphPath('123', 'feed')).toBe('123/feed');
    expect(graphPath('../me', 'feed?x=1')).toBe('..%2Fme/feed%3Fx%3D1');
  });
});

describe('redact', () => {
  it('removes secrets raw and URL-encoded, and any access_token value', () => {
    const text = `a ${TOKEN} b ${encodeURIComponent(TOKEN)} c https://x.test/?access_token=zzz&y=1`;
    const out = redact(text, [TOKEN, undefined]);
    expect(out).toBe('a *** b *** c https://x.test/?access_token=***&y=1');
  });
});
