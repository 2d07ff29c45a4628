import { isIPv4, isIPv6 } from 'node:net';

/** An IPv4 CIDR block as [first octets as a 32-bit number, prefix length]. */
type V4Block = readonly [string, number];

/**
 * IPv4 blocks a monitor must never reach: everything in the IANA special-purpose registry that is not
 * plain global unicast (RFC 6890 and successors).
 */
const FORBIDDEN_V4: readonly V4Block[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation TEST-NET-2
  ['203.0.113.0', 24], // documentation TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, including the broadcast 255.255.255.255
];

function parseV4(ip: string): number | null {
  if (!isIPv4(ip)) return null;
  const parts = ip.split('.').map(Number);
  let value = 0;
  for (const part of parts) value = value * 256 + part;
  return value;
}

function v4InBlock(value: number, [base, prefix]: V4Block): boolean {
  const baseValue = parseV4(base) ?? 0;
  const size = 2 ** (32 - prefix);
  return Math.floor(value / size) === Math.floor(baseValue / size);
}

function isForbiddenV4Value(value: number): boolean {
  return FORBIDDEN_V4.some((block) => v4InBlock(value, block));
}

/** Parses an IPv6 text (with an optional zone and an optional embedded dotted IPv4 tail) into 8 groups. */
function parseV6(input: string): number[] | null {
  const ip = input.replace(/%.*$/, '');
  if (!isIPv6(ip)) return null;
  let text = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1] !== undefined) {
    const v4 = parseV4(dotted[1]);
    if (v4 === null) return null;
    const high = Math.floor(v4 / 0x10000).toString(16);
    const low = (v4 % 0x10000).toString(16);
    text = `${text.slice(0, dotted.index)}${high}:${low}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const toGroups = (part: string | undefined): number[] =>
    part === undefined || part === '' ? [] : part.split(':').map((g) => parseInt(g, 16));
  const head = toGroups(halves[0]);
  const tail = toGroups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function groupsStartWith(groups: readonly number[], prefix: readonly number[]): boolean {
  return prefix.every((value, i) => groups[i] === value);
}

function v4FromGroups(high: number | undefined, low: number | undefined): number {
  return (high ?? 0) * 0x10000 + (low ?? 0);
}

function isForbiddenV6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;

  // :: (unspecified) and ::1 (loopback)
  if (firstFiveZero && g5 === 0 && g6 === 0 && (g7 === 0 || g7 === 1)) return true;
  // Forms that carry an IPv4 address in their last 32 bits are judged by that address:
  // ::ffff:0:0/96 (IPv4-mapped), ::/96 (IPv4-compatible, deprecated),
  // ::ffff:0:0:0/96 (IPv4-translated, RFC 2765), 64:ff9b::/96 (NAT64 well-known prefix).
  const embedsV4InTail =
    (firstFiveZero && (g5 === 0xffff || g5 === 0)) ||
    (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) ||
    groupsStartWith(groups, [0x64, 0xff9b, 0, 0, 0, 0]);
  if (embedsV4InTail) return isForbiddenV4Value(v4FromGroups(g6, g7));
  // 64:ff9b:1::/48, local-use NAT64 (RFC 8215): translates to networks we cannot judge.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return true;
  // 2002::/16, 6to4: the IPv4 address sits in bits 16-47.
  if (g0 === 0x2002) return isForbiddenV4Value(v4FromGroups(g1, g2));
  // Only 2000::/3 is global unicast; everything else (fc00::/7 unique-local, fe80::/10 link-local,
  // fec0::/10 site-local, ff00::/8 multicast, 100::/64 discard, 5f00::/16 SRv6, ...) is refused.
  if (g0 < 0x2000 || g0 > 0x3fff) return true;
  // 2001::/23 IETF protocol assignments (Teredo 2001::/32, ORCHID, benchmarking 2001:2::/48, ...)
  if (g0 === 0x2001 && g1 < 0x200) return true;
  // 2001:db8::/32 and 3fff::/20, documentation
  if (g0 === 0x2001 && g1 === 0xdb8) return true;
  if (g0 === 0x3fff && g1 < 0x1000) return true;
  return false;
}

/**
 * True when a monitor must not connect to `ip`: loopback, private, link-local, carrier-grade NAT,
 * multicast, reserved, documentation, benchmarking, unique-local, unspecified, and IPv6 forms that
 * embed such an IPv4 address. Anything that is not a well-formed IP address is forbidden too.
 */
export function isForbiddenAddress(ip: string): boolean {
  const v4 = parseV4(ip);
  if (v4 !== null) return isForbiddenV4Value(v4);
  const v6 = parseV6(ip);
  if (v6 !== null) return isForbiddenV6(v6);
  return true;
}
