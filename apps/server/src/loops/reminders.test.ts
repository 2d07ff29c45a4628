import type { Runtime, ServiceContext } from '@pac/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureLog } from '../../test/support/log';
import { startReminderLoop } from './reminders';

// The loop's own job is timing; what a tick sends is tested against a real SMTP server in
// http/mail.test.ts. Here the tick records when it runs and finishes when the test says; the
// Runtime is only its logger.
const log = captureLog();
const services = { runtime: { logger: log.logger } as Partial<Runtime> } as ServiceContext;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startReminderLoop', () => {
  it('ticks every REMINDER_TICK_SECONDS, never overlaps a tick still running, and stops', async () => {
    let calls = 0;
    let finish: () => void = () => undefined;
    const tick = () => {
      calls += 1;
      return new Promise<number>((resolve) => {
        finish = () => resolve(0);
      });
    };
    const stop = startReminderLoop(services, 300, tick);
    await vi.advanceTimersByTimeAsync(299_000);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(calls).toBe(2);
    finish();
    stop();
    await vi.advanceTimersByTimeAsync(3_000_000);
    expect(calls).toBe(2);
  });

  it('survives a failing tick', async () => {
    let calls = 0;
    const errors = () => log.lines().filter((line) => line.level === 50);
    const stop = startReminderLoop(services, 60, () => {
      calls += 1;
      return Promise.reject(new Error('mail server down'));
    });
    await vi.advanceTimersByTimeAsync(180_000);
    stop();
    expect(calls).toBe(3);
    expect(errors().length).toBeGreaterThan(0);
    // One JSON line per failed tick, naming the loop, with the error.
    expect(errors()[0]).toMatchObject({
      loop: 'reminders',
      msg: 'Reminder tick failed',
      err: { type: 'Error', message: 'mail server down' },
    });
  });

  it('is off at 0 seconds', async () => {
    let calls = 0;
    const stop = startReminderLoop(services, 0, () => {
      calls += 1;
      return Promise.resolve(0);
    });
    await vi.advanceTimersByTimeAsync(10_000_000);
    stop();
    expect(calls).toBe(0);
  });
});
