import { describe, expect, it } from 'vitest';
import { addressFactor, LoginThrottle } from './loginThrottle';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('LoginThrottle', () => {
  it('counts an attempt before its password is checked: a burst gets exactly the limit', () => {
    const throttle = new LoginThrottle(5);
    // 40 attempts begun at once, none finished yet (their passwords are still being checked).
    const attempts = Array.from({ length: 40 }, () => throttle.begin('erin@example.org', '198.51.100.7'));
    expect(attempts.filter((a) => a.allowed)).toHaveLength(5);
    expect(attempts.slice(5).every((a) => !a.allowed)).toBe(true);
  });

  it('forgives an attempt whose password proved right, and clears the account', () => {
    const throttle = new LoginThrottle(2);
    const first = throttle.begin('a@example.org', null);
    if (!first.allowed) throw new Error('expected the first attempt to be allowed');
    first.succeeded();
    const again = [throttle.begin('a@example.org', null), throttle.begin('a@example.org', null)];
    expect(again.every((a) => a.allowed)).toBe(true);
    expect(throttle.begin('a@example.org', null).allowed).toBe(false);
  });

  it('gives back an abandoned attempt (no password was checked)', () => {
    const throttle = new LoginThrottle(1);
    const attempt = throttle.begin('a@example.org', '192.0.2.1');
    if (!attempt.allowed) throw new Error('expected allowed');
    attempt.abandoned();
    expect(throttle.begin('a@example.org', '192.0.2.1').allowed).toBe(true);
  });

  it('limits one address to addressFactor times the account limit across accounts', () => {
    const throttle = new LoginThrottle(2);
    const results = Array.from({ length: 2 * addressFactor + 3 }, (_, i) =>
      throttle.begin(`user${i}@example.org`, '203.0.113.9'),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(2 * addressFactor);
    // Another address is not affected.
    expect(throttle.begin('user0@example.org', '203.0.113.10').allowed).toBe(true);
  });

  it('limits an IPv6 client by its /64: rotating addresses inside it share one address limit', () => {
    const throttle = new LoginThrottle(2);
    const results = Array.from({ length: 2 * addressFactor + 3 }, (_, i) =>
      throttle.begin(`user${i}@example.org`, `2001:db8:0:1:${(i + 1).toString(16)}::${i + 7}`),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(2 * addressFactor);
    expect(throttle.begin('user0@example.org', '2001:db8:0:2::1').allowed).toBe(true);
  });

  it('a refusal by address does not use up the account', () => {
    const throttle = new LoginThrottle(1);
    for (let i = 0; i < addressFactor; i += 1) throttle.begin(`x${i}@example.org`, '203.0.113.1');
    expect(throttle.begin('victim@example.org', '203.0.113.1').allowed).toBe(false);
    expect(throttle.begin('victim@example.org', '203.0.113.2').allowed).toBe(true);
  });

  it('forgets failures after 15 minutes and says when to retry', () => {
    const c = clock();
    const throttle = new LoginThrottle(1, c.now);
    throttle.begin('a@example.org', null);
    c.advance(5 * 60 * 1000);
    const refused = throttle.begin('a@example.org', null);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 600 });
    c.advance(10 * 60 * 1000 + 1);
    expect(throttle.begin('a@example.org', null).allowed).toBe(true);
  });
});
