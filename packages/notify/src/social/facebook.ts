import { createGraphClient, GraphError, graphPath, readId, readString, type GraphConfig } from './graph';
import { redact } from './http';

export type FacebookTestResult = { ok: true; name?: string } | { ok: false; error: string };
export type FacebookPost = { message: string; link?: string };

const SERVICE = 'Facebook';

/** Facebook counts as set up when both the page id and an access token are present. */
export function facebookConfigured(cfg: GraphConfig): boolean {
  return Boolean(cfg.pageId?.trim() && cfg.accessToken?.trim());
}

function requirePage(cfg: GraphConfig): string {
  const pageId = cfg.pageId?.trim();
  if (!pageId || !cfg.accessToken?.trim()) {
    throw new GraphError('Facebook is not set up: FACEBOOK_PAGE_ID and FACEBOOK_ACCESS_TOKEN are both required.', {
      kind: 'config',
    });
  }
  return pageId;
}

/** Looks up the page with the configured token. Never throws; the error is a readable sentence. */
export async function testFacebook(cfg: GraphConfig): Promise<FacebookTestResult> {
  try {
    const pageId = requirePage(cfg);
    const page = await createGraphClient(cfg, SERVICE).get(graphPath(pageId), { fields: 'id,name' });
    return { ok: true, name: readString(page, 'name') };
  } catch (err) {
    return { ok: false, error: describe(err, cfg) };
  }
}

/** Publishes a post on the page's feed and returns the new post's id. Rejects with a GraphError. */
export async function postToFacebook(cfg: GraphConfig, post: FacebookPost): Promise<{ id: string }> {
  const pageId = requirePage(cfg);
  if (!post.message.trim()) {
    throw new GraphError('A Facebook post needs a message.', { kind: 'config' });
  }
  const data = await createGraphClient(cfg, SERVICE).post(graphPath(pageId, 'feed'), {
    message: post.message,
    link: post.link || undefined,
  });
  return { id: readId(data, SERVICE, 'post') };
}

function describe(err: unknown, cfg: GraphConfig): string {
  const message = err instanceof Error ? err.message : 'The Facebook check failed.';
  return redact(message, [cfg.accessToken]);
}
