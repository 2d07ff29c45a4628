import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../context';
import { callerFor, createTestDb, insertAdmin, insertUser, type TestDb } from '../../test/db';

let t: TestDb;
let admin: SessionUser;
let member: SessionUser;

beforeAll(async () => {
  t = createTestDb();
  admin = await insertAdmin(t.db);
  member = await insertUser(t.db);
});
afterAll(() => t.cleanup());

const stored = (key: string) =>
  t.handle.sqlite.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(key)?.value ??
  null;

const sender = { senderEmail: 'pac.sender@gmail.com', senderPassword: 'abcdefghijklmnop' };

describe('settings.setSender: the sender address and app password, saved together', () => {
  it('saves both for an admin and answers without the password', async () => {
    const answer = await callerFor(t.db, admin).settings.setSender(sender);
    expect(answer).toEqual({ senderEmail: sender.senderEmail, senderPasswordConfigured: true });
    expect(JSON.stringify(answer)).not.toContain(sender.senderPassword);
    expect(stored('senderEmail')).toBe(sender.senderEmail);
    expect(stored('senderPassword')).toBe(sender.senderPassword);
    const status = await callerFor(t.db, admin).notifications.emailStatus();
    expect(status.senderSource).toBe('settings');
  });

  it('refuses anyone but an admin, and changes nothing', async () => {
    await expect(
      callerFor(t.db, member).settings.setSender({ senderEmail: 'rogue@gmail.com', senderPassword: 'x'.repeat(16) }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      callerFor(t.db, null).settings.setSender({ senderEmail: 'rogue@gmail.com', senderPassword: 'x'.repeat(16) }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(stored('senderEmail')).toBe(sender.senderEmail);
  });

  it("refuses a missing password with the form's message, and changes nothing", async () => {
    const refused = await callerFor(t.db, admin)
      .settings.setSender({ senderEmail: 'new.sender@gmail.com', senderPassword: '' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('BAD_REQUEST');
    expect(stored('senderEmail')).toBe(sender.senderEmail);
  });

  it('leaves the old address when the password cannot be saved (one transaction)', async () => {
    // A real failure on the second write: SQLite refuses any write of the password.
    t.handle.sqlite.exec(`CREATE TRIGGER refuse_password BEFORE UPDATE ON settings WHEN NEW.key = 'senderPassword'
      BEGIN SELECT RAISE(ABORT, 'disk says no'); END`);
    try {
      await expect(
        callerFor(t.db, admin).settings.setSender({
          senderEmail: 'half.saved@gmail.com',
          senderPassword: 'y'.repeat(16),
        }),
      ).rejects.toThrow();
      expect(stored('senderEmail')).toBe(sender.senderEmail);
      expect(stored('senderPassword')).toBe(sender.senderPassword);
    } finally {
      t.handle.sqlite.exec('DROP TRIGGER refuse_password');
    }
  });
});
