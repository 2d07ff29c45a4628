import { describe, expect, it } from 'vitest';
import { createTestDb, testConfig, testRuntime } from '../test/db';
import { RecordingLogger } from '../test/log';
import { createContextInner, logFor } from './context';
import { originLogger } from './log';

describe('originLogger', () => {
  it("adds the request's id, or writes through the loop's logger, or else the base logger as it is", () => {
    const base = new RecordingLogger();
    originLogger(base, {}).error({ err: new Error('down') }, 'Plain');
    originLogger(base, { reqId: '0a1b2c000001' }).error('From a request');
    originLogger(base, { logger: base.child({ loop: 'monitor' }) }).warn({ monitorId: 4 }, 'From a loop');
    expect(base.lines).toEqual([
      { level: 'error', msg: 'Plain', err: new Error('down') },
      { level: 'error', msg: 'From a request', reqId: '0a1b2c000001' },
      { level: 'warn', msg: 'From a loop', loop: 'monitor', monitorId: 4 },
    ]);
  });
});

describe('logFor', () => {
  it("writes a service's lines through the Runtime's logger, with the request's id when a request started the work", () => {
    const t = createTestDb();
    try {
      const logger = new RecordingLogger();
      const runtime = testRuntime(t.db, testConfig, { logger });
      logFor(createContextInner({ db: t.db, config: testConfig, runtime, reqId: '0a1b2c000002' })).warn('Asked');
      logFor({ db: t.db, config: testConfig, runtime }).info('Looped');
      expect(logger.lines).toEqual([
        { level: 'warn', msg: 'Asked', reqId: '0a1b2c000002' },
        { level: 'info', msg: 'Looped' },
      ]);
    } finally {
      t.cleanup();
    }
  });
});
