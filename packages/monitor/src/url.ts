import { isIP } from 'node:net';

/** SPEC.md section 5 'Monitor' messages, word for word. */
export const monitorMessages = {
  urlInvalid: 'Must be a valid URL',
  urlNotApproved: (host: string): string => `URL must be from an approved school domain (*.${host})`,
} as const;

export interface MonitorUrlPolicy {
  /** The approved school-district domain (SCHOOL_DOMAIN); it and its subdomains are allowed. */
  domain: string;
  /** Development and tests only: also allows explicit ports. Private addresses are checked in safeFetch. */
  allowPrivateAddresses?: boolean;
}

/**
 * `invalid`: the text is not an acceptable http(s) URL at all ('Must be a valid URL');
 * `not-approved`: a URL, but not one on the approved domain ('URL must be from an approved school domain').
 */
export type MonitorUrlProblem = 'invalid' | 'not-approved';

export type MonitorUrlCheck = { ok: true; url: URL } | { ok: false; reason: string; problem: MonitorUrlProblem };

const MAX_URL_LENGTH = 2048;

/**
 * C0 controls, space, DEL, C1 controls, every Unicode space and the invisible format characters
 * (zero-width, bidi overrides). Browsers and URL parsers strip or reinterpret these differently,
 * so they are refused outright.
 */
export function hasUnsafeCharacter(raw: string): boolean {
  for (const ch of raw) {
    const code = ch.codePointAt(0) ?? 0;
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
    if ((code >= 0x200b && code <= 0x200f) || (code >= 0x2028 && code <= 0x202e)) return true;
    if ((code >= 0x2060 && code <= 0x2064) || code === 0xfeff) return true;
    if (/\s/u.test(ch)) return true;
  }
  return false;
}

function invalid(reason: string): MonitorUrlCheck {
  return { ok: false, reason, problem: 'invalid' };
}

function notApproved(reason: string): MonitorUrlCheck {
  return { ok: false, reason, problem: 'not-approved' };
}

/** The approved domain as the URL parser spells host names (lower case, punycode). */
export function normalizeDomain(domain: string): string {
  const trimmed = domain.trim().toLowerCase().replace(/\.$/, '');
  try {
    return new URL(`http://${trimmed}/`).hostname;
  } catch {
    return trimmed;
  }
}

/** True when `hostname` (already ASCII, as URL.hostname gives it) is `domain` or one of its subdomains. */
export function isHostWithinDomain(hostname: string, domain: string): boolean {
  const approved = normalizeDomain(domain);
  if (approved === '') return false;
  return hostname === approved || hostname.endsWith(`.${approved}`);
}

/**
 * Decides whether a monitor may fetch `raw`. The raw text is screened before it is parsed, so that
 * characters the WHATWG parser silently repairs (backslashes, tabs, newlines, percent-encoded
 * separators) cannot make the parsed host differ from what a reader of the text sees.
 */
export function checkMonitorUrl(raw: string, policy: MonitorUrlPolicy): MonitorUrlCheck {
  if (raw.length === 0 || raw.length > MAX_URL_LENGTH) return invalid('URL is empty or too long');
  if (hasUnsafeCharacter(raw)) return invalid('URL contains whitespace or control characters');
  if (raw.includes('\\')) return invalid('URL contains a backslash');

  const scheme = /^(https?):\/\//i.exec(raw);
  if (!scheme) return invalid('Only http:// and https:// URLs can be monitored');

  const rest = raw.slice(scheme[0].length);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  if (authority === '') return invalid('URL has no host');
  if (authority.includes('@')) return invalid('URL must not contain a user name or password');
  if (authority.includes('%')) return invalid('URL host must not be percent-encoded');

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return invalid('URL cannot be parsed');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return invalid('Only http:// and https:// URLs can be monitored');
  }
  if (url.username !== '' || url.password !== '') {
    return invalid('URL must not contain a user name or password');
  }

  const host = url.hostname;
  // The parser turns every IPv4 spelling (2130706433, 0x7f000001, 017700000001, 127.1) into dotted
  // form and keeps IPv6 in brackets, so these two tests catch every IP literal.
  if (host.startsWith('[') || isIP(host) !== 0) {
    return notApproved('URL host must be a name, not an IP address');
  }
  if (host.endsWith('.')) return notApproved('URL host must not end with a dot');
  if (host.split('.').some((label) => label === '')) return notApproved('URL host has an empty label');
  if (!isHostWithinDomain(host, policy.domain)) {
    return notApproved(`Host ${host} is not ${normalizeDomain(policy.domain)} or one of its subdomains`);
  }
  if (url.port !== '' && policy.allowPrivateAddresses !== true) {
    return notApproved('URL must use the default port');
  }
  return { ok: true, url };
}
