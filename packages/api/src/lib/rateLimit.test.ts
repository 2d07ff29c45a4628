import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from './rateLimit';

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
