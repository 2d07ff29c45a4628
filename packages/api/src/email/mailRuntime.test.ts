import { describe, expect, it } from 'vitest';
import { RecordingLogger } from '../../test/log';
import { MailRuntime } from './mailRuntime';

// No task here sends anything: the mail server is never contacted.
const config = { schoolName: 'Test School', mail: { host: '127.0.0.1', port: 25, secure: false } };

/** A background task that runs until the test lets it finish. */
function heldTask() {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { run: () => done, finish: () => finish() };
}

describe('MailRuntime background tasks', () => {
  it('names the tasks a flush would wait for, including one started by another, until they finish', async () => {
    const mail = new MailRuntime(config, new RecordingLogger());
    expect(mail.pending()).toEqual([]);
    const reset = heldTask();
    const link = heldTask();
    mail.inBackground('Password reset email', async () => {
      await reset.run();
      mail.inBackground('Verification email', link.run);
    });
    expect(mail.pending()).toEqual(['Password reset email']);
    const flushed = mail.flush();
    reset.finish();
    // The first task has started the second and ended: only the second is left.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(mail.pending()).toEqual(['Verification email']);
    link.finish();
    await flushed;
    expect(mail.pending()).toEqual([]);
  });

  it('drops a failed task from the pending ones (the failure is logged)', async () => {
    const logger = new RecordingLogger();
    const mail = new MailRuntime(config, logger);
    const failing = heldTask();
    mail.inBackground('Signup confirmation', async () => {
      await failing.run();
      throw new Error('refused');
    });
    expect(mail.pending()).toEqual(['Signup confirmation']);
    failing.finish();
    await mail.flush();
    expect(mail.pending()).toEqual([]);
    expect(logger.lines).toEqual([{ level: 'error', msg: 'Signup confirmation failed', err: new Error('refused') }]);
  });

  it("logs a failure with the request's id or the loop's logger, and the ids it was given", async () => {
    const logger = new RecordingLogger();
    const mail = new MailRuntime(config, logger);
    const refused = () => Promise.reject(new Error('550 Mailbox unavailable'));
    mail.inBackground('Signup confirmation', refused, { reqId: 'a1b2c3000001' }, { volunteerId: 7 });
    mail.inBackground(
      'Monitor failure email',
      refused,
      { logger: logger.child({ loop: 'monitor' }) },
      {
        monitorId: 3,
      },
    );
    await mail.flush();
    expect(logger.lines).toEqual([
      {
        level: 'error',
        msg: 'Signup confirmation failed',
        reqId: 'a1b2c3000001',
        volunteerId: 7,
        err: new Error('550 Mailbox unavailable'),
      },
      {
        level: 'error',
        msg: 'Monitor failure email failed',
        loop: 'monitor',
        monitorId: 3,
        err: new Error('550 Mailbox unavailable'),
      },
    ]);
  });
});
