import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, inDays, startTestServer, type TestServer } from '../../test/support/harness';

/**
 * API.md "An organizer's season" over REST, against the real server and a real SQLite file:
 * `POST /api/signup-sheets/{id}/duplicate { eventDates }` makes a series (201 `Sheet[]`, all or
 * none) while `{ eventDate }` still answers one sheet, and `GET /api/export/volunteers?signupSheetId`
 * exports one sheet, every volunteer CSV beginning with a UTF-8 byte order mark.
 */

let server: TestServer;
let admin: Client;
let owner: Client;
let rival: Client;

type Client = ApiClient & { id: number };

interface Slot {
  id: number;
  title: string;
  startTime: string | null;
  endTime: string | null;
  maxVolunteers: number;
  currentVolunteers: number;
}
interface Sheet {
  id: number;
  title: string;
  eventDate: string;
  ownerId: number | null;
  questions: unknown[];
  slots: Slot[];
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

beforeAll(async () => {
  server = await startTestServer({ env: { SIGNUP_RATE_LIMIT: '1000' } });
  const client = new ApiClient(server.url);
  const me = await client.login(adminCredentials.email, adminCredentials.password);
  admin = Object.assign(client, { id: me.id });
  owner = await organizer('Dana');
  rival = await organizer('Ravi');
});
afterAll(() => server.stop());

async function organizer(name: string): Promise<Client> {
  const client = new ApiClient(server.url);
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const res = await client.post<{ id: number }>('/api/auth/register', { name, email, password: 'secret-pass' });
  expect([200, 201]).toContain(res.status);
  expect((await admin.patch(`/api/users/${res.body.id}`, { role: 'organizer' })).status).toBe(200);
  return Object.assign(client, { id: res.body.id });
}

/** A sheet of `client` with one timed slot and a question. */
async function sheetOf(client: Client, title: string, eventDate = inDays(12)): Promise<Sheet> {
  const sheet = await client.post<Sheet>('/api/signup-sheets', {
    title,
    eventDate,
    organizerName: 'Chair Person',
    organizerEmail: 'chair@example.org',
    questions: [{ label: 'Allergies', kind: 'text', required: false }],
  });
  expect(sheet.status).toBe(201);
  const slot = await client.post<Slot>('/api/volunteer-slots', {
    signupSheetId: sheet.body.id,
    title: 'Setup crew',
    startTime: plus(eventDate, -hourMs),
    endTime: plus(eventDate, 2 * hourMs),
    maxVolunteers: 4,
  });
  expect(slot.status).toBe(201);
  return (await client.get<Sheet>(`/api/signup-sheets/${sheet.body.id}`)).body;
}

async function signUp(slotId: number, name: string, email: string): Promise<void> {
  const res = await new ApiClient(server.url).post('/api/volunteers', { slotId, name, email, phone: '555-0199' });
  expect(res.status).toBe(201);
}

async function sheetCount(): Promise<number> {
  return (await admin.get<unknown[]>('/api/signup-sheets')).body.length;
}

describe('POST /api/signup-sheets/{id}/duplicate { eventDates }: a series', () => {
  it('answers 201 with one sheet per date, in order, slots shifted and no volunteers', async () => {
    const original = await sheetOf(owner, 'Pizza Friday');
    const first = original.slots[0];
    expect(first).toBeDefined();
    if (!first) return;
    await signUp(first.id, 'Vera Volunteer', 'vera@example.org');
    const eventDates = [7, 14, 21].map((n) => plus(original.eventDate, n * dayMs));
    const res = await owner.post<Sheet[]>(`/api/signup-sheets/${original.id}/duplicate`, { eventDates });
    expect(res.status).toBe(201);
    expect(res.body.map((s) => s.eventDate)).toEqual(eventDates);
    res.body.forEach((copy, i) => {
      const offset = (i + 1) * 7 * dayMs;
      expect(copy).toMatchObject({ title: 'Pizza Friday', ownerId: owner.id, questions: original.questions });
      expect(copy.slots).toEqual([
        expect.objectContaining({
          title: 'Setup crew',
          maxVolunteers: 4,
          currentVolunteers: 0,
          startTime: plus(first.startTime ?? '', offset),
          endTime: plus(first.endTime ?? '', offset),
        }),
      ]);
    });
    // Served as sheets of their own.
    for (const copy of res.body)
      expect((await owner.get<Sheet>(`/api/signup-sheets/${copy.id}`)).body.eventDate).toBe(copy.eventDate);
  });

  it('keeps answering one sheet (not an array) for { eventDate }', async () => {
    const original = await sheetOf(owner, 'Book Swap');
    const res = await owner.post<Sheet>(`/api/signup-sheets/${original.id}/duplicate`, { eventDate: inDays(30) });
    expect(res.status).toBe(201);
    expect(Array.isArray(res.body)).toBe(false);
    expect(res.body.title).toBe('Book Swap');
  });

  it('refuses 53 dates, none, a repeated one, and an out-of-range one with 400, creating nothing', async () => {
    const original = await sheetOf(owner, 'Bake Sale');
    const path = `/api/signup-sheets/${original.id}/duplicate`;
    const before = await sheetCount();
    const twice = inDays(20); // one instant, named twice (two inDays calls can fall a millisecond apart)
    const cases: [unknown, string][] = [
      [Array.from({ length: 53 }, (_, i) => inDays(20 + i)), 'You can copy a sheet onto at most 52 dates at once'],
      [[], 'Choose at least one date'],
      ['next week', 'Choose at least one date'],
      [[twice, twice], 'Each date can be chosen only once'],
      [[inDays(20), 'soon'], 'Must be a valid date'],
      [[inDays(20), 8.64e15, inDays(27)], 'The new event date is too far from the original for its slots'],
    ];
    for (const [eventDates, message] of cases) {
      const res = await owner.post<{ message: string }>(path, { eventDates });
      expect(res.status, JSON.stringify(eventDates).slice(0, 60)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await sheetCount()).toBe(before);
  });

  it('answers 403 to another organizer, 404 for a missing sheet, and copies nothing', async () => {
    const original = await sheetOf(owner, 'Sports Day');
    const before = await sheetCount();
    const byRival = await rival.post<{ message: string }>(`/api/signup-sheets/${original.id}/duplicate`, {
      eventDates: [inDays(40)],
    });
    expect(byRival.status).toBe(403);
    expect(byRival.body.message).toBe('You can only manage your own signup sheets');
    expect((await owner.post('/api/signup-sheets/999999/duplicate', { eventDates: [inDays(40)] })).status).toBe(404);
    expect(await sheetCount()).toBe(before);
  });
});

describe('GET /api/export/volunteers?signupSheetId: one sheet', () => {
  let mine: Sheet;
  let other: Sheet;

  beforeAll(async () => {
    mine = await sheetOf(owner, 'Winter Concert');
    other = await sheetOf(owner, 'Spring Concert');
    const theirs = await sheetOf(rival, 'Rival Gala');
    const [a, b, c] = [mine.slots[0]?.id ?? 0, other.slots[0]?.id ?? 0, theirs.slots[0]?.id ?? 0];
    await signUp(a, 'Zoë Ñúñez', 'zoe@example.org');
    await signUp(a, '王小明', 'wang@example.org');
    await signUp(b, 'ਗੁਰਪ੍ਰੀਤ', 'gurpreet@example.org');
    await signUp(c, 'Rita Rival', 'rita@example.org');
  });

  const download = (client: Client, query = '') =>
    fetch(`${server.url}/api/export/volunteers${query}`, { headers: { Cookie: client.cookie ?? '' } });

  it("answers only that sheet's rows, beginning with a UTF-8 byte order mark, as volunteer-data-{id}.csv", async () => {
    const res = await download(owner, `?signupSheetId=${mine.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="volunteer-data-${mine.id}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toMatch(/^Sheet,Event Date,/);
    expect(lines[0]).toMatch(/,Allergies$/);
    const rows = lines.slice(1).filter((l) => l !== '');
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.startsWith('Winter Concert,'))).toBe(true);
    expect(rows.join('\n')).toContain('Zoë Ñúñez');
    expect(rows.join('\n')).toContain('王小明');
  });

  it('the all-sheets export also begins with the byte order mark and keeps its name', async () => {
    const res = await download(owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="volunteer-data.csv"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('ਗੁਰਪ੍ਰੀਤ');
    expect(text).not.toContain('Rita Rival');
  });

  it("lets an admin export any sheet; answers 403 for another organizer's sheet, 404 for a missing one, 400 for a bad id", async () => {
    const byAdmin = await download(admin, `?signupSheetId=${other.id}`);
    expect(byAdmin.status).toBe(200);
    const adminRows = (await byAdmin.text()).split('\r\n').slice(1).filter(Boolean);
    expect(adminRows).toHaveLength(1);
    expect(adminRows[0]).toContain('ਗੁਰਪ੍ਰੀਤ');

    const byRival = await download(rival, `?signupSheetId=${mine.id}`);
    expect(byRival.status).toBe(403);
    expect(((await byRival.json()) as { message: string }).message).toBe('You can only manage your own signup sheets');
    expect((await download(owner, '?signupSheetId=999999')).status).toBe(404);
    for (const bad of ['abc', '', '0', '-1'])
      expect((await download(owner, `?signupSheetId=${bad}`)).status, bad).toBe(400);
  });
});
