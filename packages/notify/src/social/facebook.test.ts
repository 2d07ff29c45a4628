import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGraph, startHangingServer, type FakeGraph, type HangingServer } from '../../test/fake-graph';
import { facebookConfigured, postToFacebook, testFacebook } from './facebook';
import { GraphError, type GraphConfig } from './graph';

const TOKEN = 'EAAG-page-token-0123456789';
const PAGE_ID = '104857600012345';

let fake: FakeGraph | undefined;
let hanging: HangingServer | undefined;

afterEach(async () => {
  await fake?.close();
  await hanging?.close();
  fake = undefined;
  hanging = undefined;
});

async function startGraph(): Promise<FakeGraph> {
  fake = await startFakeGraph({ token: TOKEN, pageId: PAGE_ID, pageName: 'Maple Elementary PAC' });
  return fake;
}

const config = (baseUrl: string, overrides: Partial<GraphConfig> = {}): GraphConfig => ({
  baseUrl,
  pageId: PAGE_ID,
  accessToken: TOKEN,
  ...overrides,
});

describe('facebookConfigured', () => {
  it('needs both the page id and the token', () => {
    const base = 'https://graph.facebook.com/v21.0';
    expect(facebookConfigured({ baseUrl: base, pageId: PAGE_ID, accessToken: TOKEN })).toBe(true);
    expect(facebookConfigured({ baseUrl: base, pageId: PAGE_ID })).toBe(false);
    expect(facebookConfigured({ baseUrl: base, accessToken: TOKEN })).toBe(false);
    expect(facebookConfigured({ baseUrl: base, pageId: '  ', accessToken: TOKEN })).toBe(false);
    expect(facebookConfigured({ baseUrl: base, pageId: PAGE_ID, accessToken: '' })).toBe(false);
  });
});

describe('testFacebook', () => {
  it('looks up the page and returns its name', async () => {
    const graph = await startGraph();
    await expect(testFacebook(config(graph.baseUrl))).resolves.toEqual({ ok: true, name: 'Maple Elementary PAC' });
    expect(graph.requests).toHaveLength(1);
    expect(graph.requests[0]).toMatchObject({
      method: 'GET',
      path: `/${PAGE_ID}`,
      query: { fields: 'id,name' },
      tokenVia: 'header',
    });
  });

  it('fails with a readable error that does not contain the token', async () => {
    const graph = await startGraph();
    const badToken = 'EAAG-expired-token-987';
    const result = await testFacebook(config(graph.baseUrl, { accessToken: badToken }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(/^Facebook said: Invalid OAuth access token\./);
    expect(result.error).not.toContain(badToken);
  });

  it('reports a wrong page id', async () => {
    const graph = await startGraph();
    const result = await testFacebook(config(graph.baseUrl, { pageId: '999' }));
    expect(result).toEqual({
      ok: false,
      error: expect.stringMatching(/^Facebook said: .*Object with ID '999' does not exist/) as unknown,
    });
  });

  it('says what is missing when not configured, without calling anything', async () => {
    const graph = await startGraph();
    const result = await testFacebook({ baseUrl: graph.baseUrl, accessToken: TOKEN });
    expect(result).toEqual({
      ok: false,
      error: 'Facebook is not set up: FACEBOOK_PAGE_ID and FACEBOOK_ACCESS_TOKEN are both required.',
    });
    expect(graph.requests).toHaveLength(0);
  });

  it('reports a server that never answers, within the time limit', async () => {
    hanging = await startHangingServer('headers');
    const started = Date.now();
    const result = await testFacebook(config(hanging.baseUrl, { timeoutMs: 200 }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/did not answer within 200 ms\.$/) as unknown });
  });
});

describe('postToFacebook', () => {
  it('posts the message and link to the page feed and returns the post id', async () => {
    const graph = await startGraph();
    const post = await postToFacebook(config(graph.baseUrl), {
      message: 'The Announcements page has changed.',
      link: 'https://www.example-district.org/maple/announcements',
    });
    expect(post.id).toMatch(new RegExp(`^${PAGE_ID}_\\d+$`));
    expect(graph.requests).toHaveLength(1);
    const [req] = graph.requests;
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe(`/${PAGE_ID}/feed`);
    expect(req?.body).toEqual({
      message: 'The Announcements page has changed.',
      link: 'https://www.example-district.org/maple/announcements',
      access_token: TOKEN,
    });
  });

  it('leaves the link out when there is none', async () => {
    const graph = await startGraph();
    await postToFacebook(config(graph.baseUrl), { message: 'Hello', link: '' });
    expect(graph.requests[0]?.body).toEqual({ message: 'Hello', access_token: TOKEN });
  });

  it('rejects with a GraphError for a bad token, without the token in it', async () => {
    const graph = await startGraph();
    const promise = postToFacebook(config(graph.baseUrl, { accessToken: 'bad-token-xyz' }), { message: 'Hi' });
    await expect(promise).rejects.toBeInstanceOf(GraphError);
    await expect(promise).rejects.toMatchObject({
      code: 190,
      message: expect.not.stringContaining('bad-token-xyz') as unknown,
    });
  });

  it('rejects when not configured or when the message is empty', async () => {
    const graph = await startGraph();
    await expect(postToFacebook({ baseUrl: graph.baseUrl, pageId: PAGE_ID }, { message: 'Hi' })).rejects.toThrow(
      /Facebook is not set up/,
    );
    await expect(postToFacebook(config(graph.baseUrl), { message: '   ' })).rejects.toThrow(
      'A Facebook post needs a message.',
    );
    expect(graph.requests).toHaveLength(0);
  });

  it('rejects within the time limit when the server never answers', async () => {
    hanging = await startHangingServer('headers');
    const started = Date.now();
    await expect(postToFacebook(config(hanging.baseUrl, { timeoutMs: 150 }), { message: 'Hi' })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
