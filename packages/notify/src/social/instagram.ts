import { setTimeout as sleep } from 'node:timers/promises';
import { createGraphClient, GraphError, graphPath, readId, readString, type GraphConfig } from './graph';
import { redact } from './http';

export type InstagramTestResult = { ok: true; username?: string } | { ok: false; error: string };
/** `altText`: the image's description for screen readers (the container's `alt_text`). */
export type InstagramPost = { imageUrl: string; caption: string; altText?: string | null };
export type InstagramPublishOptions = {
  /** Wait between container status checks; default 2000 ms. */
  pollIntervalMs?: number;
  /** Status checks before giving up on a container that is still processing; default 10. */
  maxPolls?: number;
};

/** Instagram refuses captions longer than this many characters. */
export const INSTAGRAM_CAPTION_LIMIT = 2200;

const SERVICE = 'Instagram';
const DEFAULT_POLL_INTERVAL_MS = 2000;
const DEFAULT_MAX_POLLS = 10;

/** Instagram counts as set up when both the Instagram user id and an access token are present. */
export function instagramConfigured(cfg: GraphConfig): boolean {
  return Boolean(cfg.instagramUserId?.trim() && cfg.accessToken?.trim());
}

function requireUser(cfg: GraphConfig): string {
  const userId = cfg.instagramUserId?.trim();
  if (!userId || !cfg.accessToken?.trim()) {
    throw new GraphError('Instagram is not set up: INSTAGRAM_USER_ID and FACEBOOK_ACCESS_TOKEN are both required.', {
      kind: 'config',
    });
  }
  return userId;
}

/** Looks up the Instagram account with the configured token. Never throws. */
export async function testInstagram(cfg: GraphConfig): Promise<InstagramTestResult> {
  try {
    const userId = requireUser(cfg);
    const user = await createGraphClient(cfg, SERVICE).get(graphPath(userId), { fields: 'id,username' });
    return { ok: true, username: readString(user, 'username') };
  } catch (err) {
    const message = err instanceof Error ? err.message : 'The Instagram check failed.';
    return { ok: false, error: redact(message, [cfg.accessToken]) };
  }
}

/** Cuts a caption to Instagram's limit (counting whole characters), ending it with an ellipsis. */
export function truncateCaption(caption: string, limit = INSTAGRAM_CAPTION_LIMIT): string {
  const chars = Array.from(caption);
  if (chars.length <= limit) return caption;
  return `${chars
    .slice(0, limit - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * Publishes an image post: creates a media container from a public image URL, waits until
 * Instagram has fetched and processed it, then publishes it. Returns the published media id.
 * Rejects with a GraphError.
 */
export async function postToInstagram(
  cfg: GraphConfig,
  post: InstagramPost,
  options: InstagramPublishOptions = {},
): Promise<{ id: string }> {
  const userId = requireUser(cfg);
  let image: URL;
  try {
    image = new URL(post.imageUrl);
  } catch {
    throw new GraphError('An Instagram post needs an absolute image URL that Instagram can download.', {
      kind: 'config',
    });
  }
  if (image.protocol !== 'https:' && image.protocol !== 'http:') {
    throw new GraphError('The Instagram image URL must start with https:// (or http://).', { kind: 'config' });
  }

  const graph = createGraphClient(cfg, SERVICE);
  const container = await graph.post(graphPath(userId, 'media'), {
    image_url: image.toString(),
    caption: truncateCaption(post.caption),
    ...(post.altText ? { alt_text: post.altText } : {}),
  });
  const creationId = readId(container, SERVICE, 'media container');

  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const maxPolls = Math.max(1, options.maxPolls ?? DEFAULT_MAX_POLLS);
  for (let poll = 1; ; poll++) {
    const state = await graph.get(graphPath(creationId), { fields: 'status_code,status' });
    const status = readString(state, 'status_code');
    if (status === 'FINISHED' || status === undefined) break;
    if (status === 'ERROR' || status === 'EXPIRED' || status === 'PUBLISHED') {
      const detail = readString(state, 'status');
      const said = detail && detail !== status ? ` Instagram said: ${detail}` : '';
      throw new GraphError(redact(containerProblem(status) + said, [cfg.accessToken]), { kind: 'api' });
    }
    // IN_PROGRESS (or anything new): give Instagram a moment to fetch and process the image.
    if (poll >= maxPolls) {
      throw new GraphError(
        'Instagram is still processing the image; the post was not published. Try again in a few minutes.',
        { kind: 'timeout' },
      );
    }
    await sleep(pollIntervalMs);
  }

  const published = await graph.post(graphPath(userId, 'media_publish'), { creation_id: creationId });
  return { id: readId(published, SERVICE, 'published post') };
}

function containerProblem(status: 'ERROR' | 'EXPIRED' | 'PUBLISHED'): string {
  switch (status) {
    case 'ERROR':
      return 'Instagram could not process the image (is the image URL public, and a JPEG it can download?).';
    case 'EXPIRED':
      return 'The Instagram upload expired before it was published; try again.';
    case 'PUBLISHED':
      return 'This Instagram upload was already published.';
  }
}
