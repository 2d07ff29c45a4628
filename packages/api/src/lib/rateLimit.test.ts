import { describe, expect, it } from 'vitest';
import { limitKey, SlidingWindowLimiter } from './rateLimit';

describe('SlidingWindowLimiter', () => {
  it('grants `limit` units per key in the window, then says when the oldest expires', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(3, 1000, () => now);
    expect([1, 2, 3, 4].map(() => limiter.take('a').allowed)).toEqual([true, true, true, false]);
    expect(limiter.take('b').allowed).toBe(true);
    now = 400;
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 1000;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.count('a')).toBe(1);
  });

  it('gives back a released unit, and only that one', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(2, 1000, () => now);
    const first = limiter.take('a');
    now = 10;
    const second = limiter.take('a');
    if (!first.allowed || !second.allowed) throw new Error('expected both granted');
    second.ticket.release();
    second.ticket.release();
    expect(limiter.count('a')).toBe(1);
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
  });

  it('keeps only the events still in the window, however many came before', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(1_000_000, 100, () => now);
    for (let i = 0; i < 10_000; i += 1) {
      now = i;
      limiter.take('busy');
    }
    expect(limiter.count('busy')).toBe(100);
  });
});

describe('limitKey', () => {
  it('keys an IPv6 client by its /64, one way whatever the spelling', () => {
    const spellings = [
      '2001:db8:0:1::5',
      '2001:0DB8:0000:0001:ffff::1',
      '2001:db8:0:1:abcd:1:2:3',
      ' 2001:db8:0:1:0:0:0:9 ',
    ];
    expect(spellings.map(limitKey)).toEqual(spellings.map(() => '2001:db8:0:1::/64'));
    expect(limitKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(limitKey('::1')).toBe('::/64');
    expect(limitKey('2001:db8::')).toBe('2001:db8::/64');
    expect(limitKey('0:1:0:0:ffff::')).toBe('0:1::/64');
  });

  it('keeps another /64 apart, even one that differs only in its fourth group', () => {
    expect(limitKey('2001:db8:0:2::5')).toBe('2001:db8:0:2::/64');
    expect(limitKey('2001:db8:1:1::5')).toBe('2001:db8:1:1::/64');
    expect(limitKey('2001:db8:0:2::5')).not.toBe(limitKey('2001:db8:0:1::5'));
  });

  it('keeps an IPv4 address its own key, in the IPv4-mapped IPv6 spellings too', () => {
    expect(limitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey('203.0.113.8')).toBe('203.0.113.8');
    expect(limitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey('0:0:0:0:0:ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('leaves anything that is not an address its own key', () => {
    for (const garbage of ['', 'unknown', '2001:db8::1::2', '1.2.3.4.5', '999.1.1.1', '[::1]', '2001:db8:0:1::5/64']) {
      expect(limitKey(garbage)).toBe(garbage);
    }
  });
});

describe('SlidingWindowLimiter with a key function', () => {
  it('counts keys that the function makes one as one, in take, count and reset', () => {
    const limiter = new SlidingWindowLimiter(2, 1000, () => 0, limitKey);
    expect(limiter.take('2001:db8:0:1::1').allowed).toBe(true);
    const second = limiter.take('2001:DB8:0:1:ffff::2');
    expect(second.allowed).toBe(true);
    expect(limiter.take('2001:db8:0:1::3').allowed).toBe(false);
    expect(limiter.take('2001:db8:0:2::1').allowed).toBe(true);
    expect(limiter.count('2001:db8:0:1:9::9')).toBe(2);
    if (second.allowed) second.ticket.release();
    expect(limiter.count('2001:db8:0:1::')).toBe(1);
    limiter.reset('2001:db8:0:1::42');
    expect(limiter.count('2001:db8:0:1::1')).toBe(0);
  });
});
