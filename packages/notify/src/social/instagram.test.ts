import { afterEach, describe, expect, it } from 'vitest';
import {
  startFakeGraph,
  startHangingServer,
  type FakeGraph,
  type FakeGraphOptions,
  type HangingServer,
} from '../../test/fake-graph';
import { GraphError, type GraphConfig } from './graph';
import {
  INSTAGRAM_CAPTION_LIMIT,
  instagramConfigured,
  postToInstagram,
  testInstagram,
  truncateCaption,
} from './instagram';

const TOKEN = 'EAAG-ig-token-abcdef';
const IG_USER = '17841400000000001';
const IMAGE = 'https://pac.example.org/uploads/logo.png';
const FAST = { pollIntervalMs: 50, maxPolls: 4 };

let fake: FakeGraph | undefined;
let hanging: HangingServer | undefined;

afterEach(async () => {
  await fake?.close();
  await hanging?.close();
  fake = undefined;
  hanging = undefined;
});

async function startGraph(options: Partial<FakeGraphOptions> = {}): Promise<FakeGraph> {
  fake = await startFakeGraph({ token: TOKEN, igUserId: IG_USER, igUsername: 'maple_pac', ...options });
  return fake;
}

const config = (baseUrl: string, overrides: Partial<GraphConfig> = {}): GraphConfig => ({
  baseUrl,
  instagramUserId: IG_USER,
  accessToken: TOKEN,
  ...overrides,
});

const calls = (graph: FakeGraph): string[] => graph.requests.map((r) => `${r.method} ${r.path}`);

describe('instagramConfigured', () => {
  it('needs both the Instagram user id and the token', () => {
    const base = 'https://graph.facebook.com/v21.0';
    expect(instagramConfigured({ baseUrl: base, instagramUserId: IG_USER, accessToken: TOKEN })).toBe(true);
    expect(instagramConfigured({ baseUrl: base, instagramUserId: IG_USER })).toBe(false);
    expect(instagramConfigured({ baseUrl: base, accessToken: TOKEN, pageId: '1' })).toBe(false);
  });
});

describe('testInstagram', () => {
  it('looks up the account and returns its username', async () => {
    const graph = await startGraph();
    await expect(testInstagram(config(graph.baseUrl))).resolves.toEqual({ ok: true, username: 'maple_pac' });
    expect(graph.requests[0]).toMatchObject({ method: 'GET', path: `/${IG_USER}`, query: { fields: 'id,username' } });
  });

  it('fails with a readable error that does not contain the token', async () => {
    const graph = await startGraph({ echoToken: true });
    const result = await testInstagram(config(graph.baseUrl, { accessToken: 'EAAG-revoked-555' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(/^Instagram said: Invalid OAuth access token\./);
    expect(result.error).not.toContain('EAAG-revoked-555');
  });

  it('says what is missing when not configured', async () => {
    const result = await testInstagram({ baseUrl: 'https://graph.facebook.com/v21.0', accessToken: TOKEN });
    expect(result).toEqual({
      ok: false,
      error: 'Instagram is not set up: INSTAGRAM_USER_ID and FACEBOOK_ACCESS_TOKEN are both required.',
    });
  });

  it('reports a server that never answers, within the time limit', async () => {
    hanging = await startHangingServer('headers');
    const started = Date.now();
    const result = await testInstagram(config(hanging.baseUrl, { timeoutMs: 200 }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result.ok).toBe(false);
  });
});

describe('postToInstagram', () => {
  it('creates a container, waits while it is in progress, then publishes it', async () => {
    const graph = await startGraph({ containerPendingPolls: 1 });
    const started = Date.now();
    const result = await postToInstagram(
      config(graph.baseUrl),
      { imageUrl: IMAGE, caption: 'New post #SchoolNews' },
      FAST,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    expect(result.id).toMatch(/^1800000000\d+$/);

    const [media, poll1, poll2, publish] = graph.requests;
    expect(calls(graph)).toEqual([
      `POST /${IG_USER}/media`,
      expect.stringMatching(/^GET \/1790000000\d+$/),
      expect.stringMatching(/^GET \/1790000000\d+$/),
      `POST /${IG_USER}/media_publish`,
    ]);
    expect(media?.body).toEqual({ image_url: IMAGE, caption: 'New post #SchoolNews', access_token: TOKEN });
    const creationId = poll1?.path.slice(1);
    expect(poll1?.query.fields?.split(',')).toContain('status_code');
    expect(poll2?.path).toBe(poll1?.path);
    expect(publish?.body).toEqual({ creation_id: creationId, access_token: TOKEN });
  });

  it('publishes straight away when the container is already finished', async () => {
    const graph = await startGraph();
    await postToInstagram(config(graph.baseUrl), { imageUrl: IMAGE, caption: 'Hi' }, FAST);
    expect(graph.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'POST']);
  });

  it('cuts a long caption to 2200 characters with an ellipsis', async () => {
    const graph = await startGraph();
    await postToInstagram(config(graph.baseUrl), { imageUrl: IMAGE, caption: 'a'.repeat(5000) }, FAST);
    const caption = graph.requests[0]?.body.caption ?? '';
    expect(Array.from(caption)).toHaveLength(INSTAGRAM_CAPTION_LIMIT);
    expect(caption.endsWith('…')).toBe(true);
  });

  it('stops when Instagram could not process the image, without publishing', async () => {
    const graph = await startGraph({ containerFinalStatus: 'ERROR' });
    const promise = postToInstagram(config(graph.baseUrl), { imageUrl: IMAGE, caption: 'Hi' }, FAST);
    await expect(promise).rejects.toBeInstanceOf(GraphError);
    await expect(promise).rejects.toThrow(
      /Instagram could not process the image.*Instagram said: Error: Media download has failed/,
    );
    expect(calls(graph).some((c) => c.endsWith('/media_publish'))).toBe(false);
  });

  it('gives up when the container is still processing after the last check', async () => {
    const graph = await startGraph({ containerPendingPolls: 100 });
    await expect(
      postToInstagram(config(graph.baseUrl), { imageUrl: IMAGE, caption: 'Hi' }, { pollIntervalMs: 10, maxPolls: 3 }),
    ).rejects.toThrow('Instagram is still processing the image');
    expect(graph.requests.filter((r) => r.method === 'GET')).toHaveLength(3);
    expect(calls(graph).some((c) => c.endsWith('/media_publish'))).toBe(false);
  });

  it('rejects a bad token without the token in the error', async () => {
    const graph = await startGraph({ echoToken: true });
    const promise = postToInstagram(
      config(graph.baseUrl, { accessToken: 'EAAG-stolen-777' }),
      { imageUrl: IMAGE, caption: 'Hi' },
      FAST,
    );
    await expect(promise).rejects.toMatchObject({ code: 190 });
    await expect(promise).rejects.toThrow(/^Instagram said: Invalid OAuth access token\./);
    await promise.catch((err: unknown) => {
      expect(String(err)).not.toContain('EAAG-stolen-777');
    });
  });

  it('refuses a relative image URL or a missing setup before calling anything', async () => {
    const graph = await startGraph();
    await expect(
      postToInstagram(config(graph.baseUrl), { imageUrl: '/uploads/logo.png', caption: 'Hi' }),
    ).rejects.toThrow(/absolute image URL/);
    await expect(
      postToInstagram(config(graph.baseUrl), { imageUrl: 'data:image/png;base64,AAAA', caption: 'Hi' }),
    ).rejects.toThrow(/must start with https/);
    await expect(
      postToInstagram({ baseUrl: graph.baseUrl, accessToken: TOKEN }, { imageUrl: IMAGE, caption: 'Hi' }),
    ).rejects.toThrow(/Instagram is not set up/);
    expect(graph.requests).toHaveLength(0);
  });

  it('rejects within the time limit when the server never answers', async () => {
    hanging = await startHangingServer('headers');
    const started = Date.now();
    await expect(
      postToInstagram(config(hanging.baseUrl, { timeoutMs: 150 }), { imageUrl: IMAGE, caption: 'Hi' }, FAST),
    ).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringMatching(/did not answer within 150 ms/) as unknown,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('truncateCaption', () => {
  it('leaves short captions alone and never splits a character', () => {
    expect(truncateCaption('Hello')).toBe('Hello');
    expect(truncateCaption('x'.repeat(INSTAGRAM_CAPTION_LIMIT))).toHaveLength(INSTAGRAM_CAPTION_LIMIT);
    const emoji = '🎉'.repeat(3000);
    const cut = truncateCaption(emoji);
    expect(Array.from(cut)).toHaveLength(INSTAGRAM_CAPTION_LIMIT);
    expect(cut).toBe(`${'🎉'.repeat(INSTAGRAM_CAPTION_LIMIT - 1)}…`);
    expect(truncateCaption('one two three', 8)).toBe('one two…');
  });
});
