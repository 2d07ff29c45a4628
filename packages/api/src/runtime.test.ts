import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb, testConfig } from '../test/db';
import { RecordingLogger } from '../test/log';
import { createContextInner } from './context';
import { createRuntime, RuntimeKey } from './runtime';

const one = createTestDb();
const logger = new RecordingLogger();
const other = createTestDb();
afterAll(() => {
  one.cleanup();
  other.cleanup();
});

describe('createRuntime', () => {
  it('keeps per-database state, made once, apart for each runtime', () => {
    const key = new RuntimeKey<{ made: number }>('test: counter');
    let made = 0;
    const runtime = createRuntime(one.db, testConfig, { logger });
    const first = runtime.state(key, () => ({ made: ++made }));
    expect(runtime.state(key, () => ({ made: ++made }))).toBe(first);
    expect(createRuntime(one.db, testConfig, { logger }).state(key, () => ({ made: ++made }))).toEqual({ made: 2 });
  });

  it('reads its clock, and close() waits for the mail still being sent', async () => {
    const at = new Date('2030-01-01T00:00:00Z');
    const runtime = createRuntime(one.db, testConfig, { logger, now: () => at });
    expect(runtime.now()).toBe(at);
    let sent = false;
    const finish = () => {
      sent = true;
    };
    runtime.mail.inBackground('Test mail', () => new Promise<void>((resolve) => setTimeout(resolve, 20)).then(finish));
    await runtime.close();
    expect(sent).toBe(true);
  });

  it('is refused by a context for another database', () => {
    const runtime = createRuntime(one.db, testConfig, { logger });
    expect(() => createContextInner({ db: other.db, config: testConfig, runtime })).toThrow(
      'The runtime was built for another database',
    );
    expect(createContextInner({ db: one.db, config: testConfig, runtime }).runtime).toBe(runtime);
  });
});
