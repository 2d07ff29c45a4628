const windowMs = 15 * 60 * 1000;
/** One address may fail this many times as often as one account. */
export const addressFactor = 4;

export interface ThrottleVerdict {
  allowed: boolean;
  /** Seconds until the oldest failure in the window expires (for Retry-After). */
  retryAfterSeconds: number;
  /** Failures so far in the window, for slowing down answers before the limit. */
  failures: number;
}

/**
 * Counts failed logins per account and per address over a sliding 15-minute window. Kept in
 * memory: the app is one process, and a restart forgetting the counts is harmless.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  private verdict(key: string, limit: number): ThrottleVerdict {
    const list = this.recent(key);
    const oldest = list[0] ?? this.now();
    return {
      allowed: list.length < limit,
      retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - this.now()) / 1000)),
      failures: list.length,
    };
  }

  /** Whether another attempt for this account from this address may be tried now. */
  check(account: string, address: string | null): ThrottleVerdict {
    const byAccount = this.verdict(`account:${account}`, this.maxFailures);
    if (!byAccount.allowed || address === null) return byAccount;
    const byAddress = this.verdict(`address:${address}`, this.maxFailures * addressFactor);
    return byAddress.allowed ? byAccount : byAddress;
  }

  recordFailure(account: string, address: string | null): void {
    const at = this.now();
    for (const key of [`account:${account}`, ...(address === null ? [] : [`address:${address}`])]) {
      this.recent(key);
      const list = this.failures.get(key);
      if (list) list.push(at);
      else this.failures.set(key, [at]);
    }
  }

  /** A successful login clears the account's count (the address keeps its own). */
  recordSuccess(account: string): void {
    this.failures.delete(`account:${account}`);
  }
}
