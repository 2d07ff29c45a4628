import { BlockList, isIP } from 'node:net';

/** The proxies TRUST_PROXY names: requests arriving from them may say who the client is. */
export interface TrustedProxies {
  /** TRUST_PROXY as written, for messages. */
  readonly source: string;
  has(address: string): boolean;
}

/** Who sent a request and over which protocol, after believing only trusted proxies. */
export interface RequestOrigin {
  clientAddress: string | null;
  protocol: 'http' | 'https';
}

/** '::ffff:127.0.0.1' → '127.0.0.1', so that one client has one spelling (and one throttle key). */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return (mapped?.[1] ?? address).toLowerCase();
}

/**
 * Parses TRUST_PROXY: `loopback`, addresses and CIDR ranges (IPv4 and IPv6), comma-separated.
 * Throws an Error whose message says what is wrong, for env.ts to name the variable.
 */
export function parseTrustedProxies(source: string): TrustedProxies {
  const list = new BlockList();
  const entries = source
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('must be loopback or a comma-separated list of addresses and CIDR ranges');
  for (const entry of entries) {
    if (entry.toLowerCase() === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [rawAddress = '', prefix, ...rest] = entry.split('/');
    const address = normalizeAddress(rawAddress);
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const length = prefix === undefined ? bits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    if (family === 0 || rest.length > 0 || !(length >= 0 && length <= bits)) {
      throw new Error(
        `must be loopback or a comma-separated list of addresses and CIDR ranges ("${entry}" is neither)`,
      );
    }
    list.addSubnet(address, length, family === 4 ? 'ipv4' : 'ipv6');
  }
  return {
    source,
    has: (address) => {
      const normalized = normalizeAddress(address);
      const family = isIP(normalized);
      return family !== 0 && list.check(normalized, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/** One X-Forwarded-For entry as an address: '[::1]:80' → '::1', '10.0.0.1:5000' → '10.0.0.1'; null if not one. */
function forwardedAddress(entry: string): string | null {
  let text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  const address = normalizeAddress(text);
  return isIP(address) === 0 ? null : address;
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/**
 * The client address and protocol of a request. Without trusted proxies, or when the socket is not
 * one, they are the socket's and X-Forwarded-* are ignored (anyone can send them). From a trusted
 * proxy, the client is the right-most X-Forwarded-For address that is not itself a trusted proxy
 * (the left-most when all are), and the protocol is X-Forwarded-Proto's.
 */
export function requestOrigin(
  socket: { remoteAddress?: string | undefined; encrypted?: boolean },
  headers: Record<string, string | string[] | undefined>,
  trusted: TrustedProxies | null,
): RequestOrigin {
  const socketAddress = socket.remoteAddress ? normalizeAddress(socket.remoteAddress) : null;
  const socketProtocol = socket.encrypted ? 'https' : 'http';
  if (!trusted || socketAddress === null || !trusted.has(socketAddress)) {
    return { clientAddress: socketAddress, protocol: socketProtocol };
  }
  const chain = headerText(headers['x-forwarded-for'])
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  let clientAddress = socketAddress;
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = forwardedAddress(chain[i] ?? '');
    // A proxy never writes a non-address: whoever wrote one is not to be believed.
    if (address === null) break;
    clientAddress = address;
    if (!trusted.has(address)) break;
  }
  const proto = headerText(headers['x-forwarded-proto']).split(',')[0]?.trim().toLowerCase();
  return { clientAddress, protocol: proto === 'https' || proto === 'http' ? proto : socketProtocol };
}
