import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createCaller } from '@pac/api';
import { contextFromRequest, type HttpDeps } from './session';

/**
 * GET or HEAD /news.atom: the school news as Atom 1.0 (API.md), for feed readers. Readers poll it
 * every few minutes, so it carries an ETag and answers a matching If-None-Match with 304 and no body.
 */
export async function sendNewsFeed(req: IncomingMessage, res: ServerResponse, deps: HttpDeps): Promise<void> {
  const xml = await createCaller(contextFromRequest(req, res, deps)).announcements.feed();
  const etag = `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'public, max-age=300');
  const known = (req.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (known.includes(etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/atom+xml; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(xml));
  res.end(req.method === 'HEAD' ? undefined : xml);
}
