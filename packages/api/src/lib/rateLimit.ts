import { isIPv4, isIPv6 } from 'node:net';

/** A granted unit of a limit; `release()` gives it back when the thing it paid for did not happen. */
export interface Ticket {
  release(): void;
}

export type TakeResult = { allowed: true; ticket: Ticket } | { allowed: false; retryAfterSeconds: number };

/** The eight 16-bit groups of an address `isIPv6` accepts (without a zone), a dotted IPv4 tail included. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head = '', tail] = text.split('::');
  if (tail === undefined) return groups(head);
  const left = groups(head);
  const right = groups(tail);
  return [...left, ...Array.from({ length: 8 - left.length - right.length }, () => 0), ...right];
}

/**
 * The key a client address is limited under (API.md, "Mail that cannot be turned against anyone"):
 * an IPv4 address is its own key, an IPv6 address its /64 network, since one subscriber is handed
 * a whole /64 and can pick a new address in it for every request. The network is written one way
 * whatever the spelling ('2001:0DB8:0:1::5' → '2001:db8:0:1::/64'); an IPv4-mapped address
 * ('::ffff:1.2.3.4', in any spelling) is the IPv4 address. Anything else is its own key.
 */
export function limitKey(address: string): string {
  const text = address.trim();
  if (isIPv4(text)) return text;
  const zone = text.indexOf('%');
  const bare = (zone === -1 ? text : text.slice(0, zone)).toLowerCase();
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  // RFC 5952's form: the network's trailing zero groups are the longest run, and are compressed.
  const network = groups.slice(0, 4);
  while (network.length > 0 && network.at(-1) === 0) network.pop();
  return `${network.map((group) => group.toString(16)).join(':')}::/64`;
}

/**
 * At most `limit` events per key over a sliding window. In memory: the app is one process, and
 * check-and-take is one synchronous step, so a burst of parallel requests cannot slip past it.
 * `keyOf` says which keys are one (limitKey for client addresses, mailbox for email addresses): every
 * key given to the limiter goes through it, so no caller can count one client or mailbox twice.
 */
export class SlidingWindowLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly keyOf: (key: string) => string = (key) => key,
  ) {}

  /** The key's events still in the window, oldest first; expired ones are dropped from the front. */
  private recent(key: string): number[] {
    const list = this.events.get(key);
    if (!list) return [];
    const cutoff = this.now() - this.windowMs;
    let expired = 0;
    while (expired < list.length && (list[expired] ?? 0) <= cutoff) expired += 1;
    if (expired > 0) list.splice(0, expired);
    if (list.length === 0) this.events.delete(key);
    return list;
  }

  /** Events counted for this key in the window. */
  count(key: string): number {
    return this.recent(this.keyOf(key)).length;
  }

  /** Takes one unit for `key` when the key is under its limit. */
  take(given: string): TakeResult {
    const key = this.keyOf(given);
    const list = this.recent(key);
    if (list.length >= this.limit) {
      const oldest = list[0] ?? this.now();
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000)),
      };
    }
    const at = this.now();
    list.push(at);
    if (list.length === 1) this.events.set(key, list);
    let released = false;
    return {
      allowed: true,
      ticket: {
        release: () => {
          if (released) return;
          released = true;
          const current = this.events.get(key);
          const i = current?.lastIndexOf(at) ?? -1;
          if (current && i !== -1) current.splice(i, 1);
        },
      },
    };
  }

  /** Forgets every event of this key. */
  reset(key: string): void {
    this.events.delete(this.keyOf(key));
  }
}
