/** A granted unit of a limit; `release()` gives it back when the thing it paid for did not happen. */
export interface Ticket {
  release(): void;
}

export type TakeResult = { allowed: true; ticket: Ticket } | { allowed: false; retryAfterSeconds: number };

/**
 * At most `limit` events per key over a sliding window. In memory: the app is one process, and
 * check-and-take is one synchronous step, so a burst of parallel requests cannot slip past it.
 */
export class SlidingWindowLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
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
    return this.recent(key).length;
  }

  /** Takes one unit for `key` when the key is under its limit. */
  take(key: string): TakeResult {
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
    this.events.delete(key);
  }
}
