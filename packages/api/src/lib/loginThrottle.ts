import { limitKey, SlidingWindowLimiter, type Ticket } from './rateLimit';

const windowMs = 15 * 60 * 1000;
/** One address (an IPv6 client: its /64, see limitKey) may fail this many times as often as one account. */
export const addressFactor = 4;

export type LoginAttempt =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true;
      /** Earlier failures in the window (this attempt not included), for slowing answers down. */
      failures: number;
      /** The password was right: the attempt no longer counts, and the account's count is cleared. */
      succeeded(): void;
      /** No password was checked after all (the server was too busy): the attempt does not count. */
      abandoned(): void;
    };

/**
 * Limits password guesses per account and per address over a sliding 15-minute window. An
 * attempt is counted as a failure *before* its password is checked and forgiven only when the
 * password proves right, so no burst, batch or mix of transports gets more than the limit of
 * guesses checked: the check-and-count is one synchronous step.
 */
export class LoginThrottle {
  private readonly accounts: SlidingWindowLimiter;
  private readonly addresses: SlidingWindowLimiter;

  constructor(maxFailures: number, now: () => number = Date.now) {
    this.accounts = new SlidingWindowLimiter(maxFailures, windowMs, now);
    this.addresses = new SlidingWindowLimiter(maxFailures * addressFactor, windowMs, now, limitKey);
  }

  /** Starts one attempt for this account from this address, or refuses it without a check. */
  begin(account: string, address: string | null): LoginAttempt {
    const failures = this.accounts.count(account);
    const byAccount = this.accounts.take(account);
    if (!byAccount.allowed) return byAccount;
    let byAddress: Ticket | null = null;
    if (address !== null) {
      const taken = this.addresses.take(address);
      if (!taken.allowed) {
        byAccount.ticket.release();
        return taken;
      }
      byAddress = taken.ticket;
    }
    return {
      allowed: true,
      failures,
      succeeded: () => {
        // The address keeps its earlier failures; this attempt was not one.
        byAddress?.release();
        this.accounts.reset(account);
      },
      abandoned: () => {
        byAccount.ticket.release();
        byAddress?.release();
      },
    };
  }
}
