import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { backupDatabase } from '../backups';

let server: TestServer;
beforeAll(async () => {
  // 200 signups from one address, on purpose.
  server = await startTestServer({ env: { SIGNUP_RATE_LIMIT: '1000' } });
});
afterAll(() => server.stop());

describe('pnpm backup', () => {
  it('copies the live database consistently while signups are being written', async () => {
    const admin = new ApiClient(server.url);
    await admin.login(adminCredentials.email, adminCredentials.password);
    const { slotId } = await createSheetWithSlot(admin, 500);
    const anon = new ApiClient(server.url);
    const writing = Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        anon.post('/api/volunteers', { slotId, name: `P ${i}`, email: `p${i}@example.org`, phone: '1' }),
      ),
    );
    const destination = join(server.dir, 'backups', 'copy.sqlite');
    await backupDatabase(server.databasePath, destination);
    const answers = await writing;
    expect(answers.every((a) => a.status === 201)).toBe(true);

    const copy = queryOne<{ slots: number; counted: number; current: number }>(
      destination,
      `SELECT (SELECT count(*) FROM volunteer_slots) AS slots,
              (SELECT count(*) FROM volunteers WHERE slot_id = ?) AS counted,
              (SELECT current_volunteers FROM volunteer_slots WHERE id = ?) AS current`,
      slotId,
      slotId,
    );
    expect(copy.slots).toBe(1);
    // A snapshot of one moment: whatever it holds, the count and the rows agree.
    expect(copy.current).toBe(copy.counted);
    expect(queryOne<{ integrity_check: string }>(destination, 'PRAGMA integrity_check').integrity_check).toBe('ok');
  });
});
