import { describe, expect, it, vi } from 'vitest';
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
    const mail = new MailRuntime(config);
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
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const mail = new MailRuntime(config);
    const failing = heldTask();
    mail.inBackground('Signup confirmation', async () => {
      await failing.run();
      throw new Error('refused');
    });
    expect(mail.pending()).toEqual(['Signup confirmation']);
    failing.finish();
    await mail.flush();
    expect(mail.pending()).toEqual([]);
    expect(logged).toHaveBeenCalledWith('Signup confirmation failed:', 'refused');
    logged.mockRestore();
  });
});
