import type { IncomingMessage } from 'node:http';
import { requestOrigin, type TrustedProxies } from './clientAddress';

export const crossSiteMessage = /*i18n*/ 'Cross-site request refused';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a write comes from another site's page: its `Origin` is present and is not the app's
 * own (PUBLIC_BASE_URL's, or the one its Host names), or the browser says `Sec-Fetch-Site:
 * cross-site`. A request carrying neither header (a script, curl) is judged by its session alone.
 * The SameSite=Lax cookie already keeps most of these out; this also covers form posts and
 * browsers that send the cookie anyway.
 */
export function isCrossSiteWrite(
  req: IncomingMessage,
  publicBaseUrl: string,
  trustedProxies: TrustedProxies | null,
): boolean {
  if (safeMethods.has(req.method ?? 'GET')) return false;
  if (req.headers['sec-fetch-site']?.trim().toLowerCase() === 'cross-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  // 'null' (a sandboxed frame, a redirect, a file: page) is nobody's origin, so never ours.
  const claimed = originOf(origin.trim());
  if (claimed === null) return true;
  const own = new Set<string>();
  const base = originOf(publicBaseUrl);
  if (base) own.add(base);
  const host = req.headers.host;
  if (host) {
    const { protocol } = requestOrigin(req.socket, req.headers, trustedProxies);
    const named = originOf(`${protocol}://${host}`);
    if (named) own.add(named);
  }
  return !own.has(claimed);
}
