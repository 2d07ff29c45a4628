import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(() => server.stop());

interface SlotView {
  id: number;
  currentVolunteers: number;
  maxVolunteers: number;
  volunteers: Record<string, unknown>[];
}

describe('volunteer signups over REST', () => {
  it('lets exactly 5 of 50 concurrent signups into a slot of 5', async () => {
    const { sheetId, slotId } = await createSheetWithSlot(admin, 5);
    const anonymous = new ApiClient(server.url);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        anonymous.post('/api/volunteers', {
          slotId,
          name: `Parent ${i}`,
          email: `parent${i}@example.org`,
          phone: '555-0100',
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body).toEqual({ message: 'This volunteer slot is full', code: 'CONFLICT' });
    }
    const sheet = await anonymous.get<{ slots: SlotView[] }>(`/api/signup-sheets/${sheetId}`);
    const slot = sheet.body.slots.find((s) => s.id === slotId);
    expect(slot?.currentVolunteers).toBe(5);
    expect(slot?.volunteers).toHaveLength(5);

    const row = queryOne<{ n: number }>(
      server.databasePath,
      'SELECT count(*) AS n FROM volunteers WHERE slot_id = ?',
      slotId,
    );
    expect(row.n).toBe(5);
  });

  it('refuses the same email twice on one slot, whatever its case', async () => {
    const { slotId } = await createSheetWithSlot(admin, 3);
    const anon = new ApiClient(server.url);
    const first = await anon.post('/api/volunteers', { slotId, name: 'Jo Park', email: 'jo@example.org', phone: '1' });
    expect(first.status).toBe(201);
    const again = await anon.post('/api/volunteers', {
      slotId,
      name: 'Jo Park',
      email: ' JO@Example.org ',
      phone: '1',
    });
    expect(again.status).toBe(409);
  });

  it('shows the public first name and last initial only, and everything to an admin', async () => {
    const { sheetId, slotId } = await createSheetWithSlot(admin, 2);
    const anon = new ApiClient(server.url);
    await anon.post('/api/volunteers', {
      slotId,
      name: 'Maria Lopez Garcia',
      email: 'maria@example.org',
      phone: '555-0199',
      notes: 'Bringing cupcakes',
    });
    const pub = await anon.get<{ slots: SlotView[] }>(`/api/signup-sheets/${sheetId}`);
    const [volunteer] = pub.body.slots[0]?.volunteers ?? [];
    expect(volunteer?.name).toBe('Maria G.');
    expect(volunteer).not.toHaveProperty('email');
    expect(volunteer).not.toHaveProperty('phone');
    expect(volunteer).not.toHaveProperty('notes');
    expect(JSON.stringify(pub.body)).not.toContain('maria@example.org');

    const full = await admin.get<{ slots: SlotView[] }>(`/api/signup-sheets/${sheetId}`);
    expect(full.body.slots[0]?.volunteers[0]).toMatchObject({
      name: 'Maria Lopez Garcia',
      email: 'maria@example.org',
      phone: '555-0199',
      notes: 'Bringing cupcakes',
    });
  });

  it('answers validation errors with the SPEC message, the code and the issues, and changes nothing', async () => {
    const { sheetId, slotId } = await createSheetWithSlot(admin, 2);
    const anon = new ApiClient(server.url);
    const res = await anon.post('/api/volunteers', { slotId, name: '', email: 'not-an-email', phone: '' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', message: 'Name is required' });
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'email', message: 'Please enter a valid email address' },
      ]),
    );
    const sheet = await anon.get<{ slots: SlotView[] }>(`/api/signup-sheets/${sheetId}`);
    expect(sheet.body.slots[0]?.currentVolunteers).toBe(0);

    const noDate = await admin.post('/api/signup-sheets', {
      title: 'Gala',
      organizerName: 'Ann',
      organizerEmail: 'ann@example.org',
    });
    expect(noDate.status).toBe(400);
    expect(noDate.body.message).toBe('Event date is required');
  });

  it('keeps currentVolunteers equal to the signups through removal, and cascades a sheet delete', async () => {
    const { sheetId, slotId } = await createSheetWithSlot(admin, 3);
    const anon = new ApiClient(server.url);
    const a = await anon.post<{ id: number }>('/api/volunteers', {
      slotId,
      name: 'A B',
      email: 'a@example.org',
      phone: '1',
    });
    await anon.post('/api/volunteers', { slotId, name: 'C D', email: 'c@example.org', phone: '1' });
    expect((await admin.delete(`/api/volunteers/${a.body.id}`)).status).toBe(204);
    const sheet = await anon.get<{ slots: SlotView[] }>(`/api/signup-sheets/${sheetId}`);
    expect(sheet.body.slots[0]?.currentVolunteers).toBe(1);
    expect(sheet.body.slots[0]?.volunteers).toHaveLength(1);

    const lower = await admin.patch(`/api/volunteer-slots/${slotId}`, { maxVolunteers: 1 });
    expect(lower.status).toBe(200);
    const full = await anon.post('/api/volunteers', { slotId, name: 'E F', email: 'e@example.org', phone: '1' });
    expect(full.status).toBe(409);
    const tooLow = await admin.post('/api/volunteers', { slotId, name: 'G H', email: 'g@example.org', phone: '1' });
    expect(tooLow.status).toBe(409);

    expect((await admin.delete(`/api/signup-sheets/${sheetId}`)).status).toBe(204);
    expect((await anon.get(`/api/signup-sheets/${sheetId}`)).status).toBe(404);
    const left = queryOne<{ n: number }>(
      server.databasePath,
      'SELECT count(*) AS n FROM volunteers WHERE slot_id = ?',
      slotId,
    );
    expect(left.n).toBe(0);
  });

  it('answers 404 JSON for a missing sheet and for unknown API paths', async () => {
    const anon = new ApiClient(server.url);
    const missing = await anon.get('/api/signup-sheets/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Signup sheet not found', code: 'NOT_FOUND' });
    const unknown = await anon.get('/api/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
    expect(unknown.body.code).toBe('NOT_FOUND');
    const badId = await anon.get('/api/signup-sheets/abc');
    expect(badId.status).toBe(400);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses malformed JSON with 400 and a sentence', async () => {
    const res = await admin.request('POST', '/api/signup-sheets', '{"title": ', { 'Content-Type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Request body must be valid JSON', code: 'BAD_REQUEST' });
  });
});
