import type { ServerResponse } from 'node:http';
import { appPages } from '@pac/validators/page-data';

/**
 * /robots.txt (RFC 9309): search engines may read the public pages (the home page, the sheets, the
 * privacy policy) and are asked to leave alone the API and every page that is one person's
 * (`indexed: false` in @pac/validators appPages: an account, a signup's emailed links, the admin's
 * pages). A page's `:param` segments are `*` (a last one: the path's prefix). Private pages need
 * their session or token anyway; this keeps their addresses out of search results.
 */
export function robotsTxt(): string {
  const privatePages = Object.values(appPages)
    .filter((page) => !page.indexed)
    .map((page) => page.path.replace(/:[^/]+/g, '*').replace(/\*$/, ''));
  const disallowed = [...new Set(['/api/', '/trpc/', ...privatePages])];
  return ['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), ''].join('\n');
}

const robots = robotsTxt();

/** Answers GET or HEAD /robots.txt. */
export function sendRobotsTxt(res: ServerResponse, head: boolean): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.setHeader('Content-Length', Buffer.byteLength(robots));
  res.end(head ? undefined : robots);
}
