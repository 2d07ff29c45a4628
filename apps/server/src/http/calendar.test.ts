import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, startTestServer, type TestServer } from '../../test/support/harness';

/**
 * API.md "Coordinator toolkit", Calendars: GET /api/calendar/events.ics (public, nothing personal)
 * and each account's private feed of its own signups at a secret URL that a reset retires. Every
 * feed is parsed by ical.js (Mozilla's iCalendar parser), and its raw text is checked against
 * RFC 5545's line rules.
 */

let server: TestServer;
let admin: ApiClient;
// Links and UIDs name the school's public address, not the loopback port the test server got.
const publicBase = 'https://pac.example.org';
const host = 'pac.example.org';

const hourMs = 3_600_000;
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
/** `days` from now, on a whole minute: iCalendar times have no fractions of a second. */
const soon = (days: number) => new Date(Math.floor((Date.now() + days * 24 * hourMs) / 60_000) * 60_000).toISOString();

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_BASE_URL: publicBase } });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(() => server.stop());

interface Feed {
  status: number;
  contentType: string | null;
  text: string;
  bytes: Buffer;
}

/** Fetches a feed as a calendar app would: no cookie, the raw bytes kept. */
async function fetchFeed(url: string): Promise<Feed> {
  const res = await fetch(url.replace(publicBase, server.url));
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, contentType: res.headers.get('content-type'), text: bytes.toString('utf8'), bytes };
}

/** RFC 5545 §3.1: CRLF after every line, none longer than 75 octets, no character split by a fold. */
function expectWellFormedLines(feed: Feed): void {
  expect(feed.text.endsWith('\r\n')).toBe(true);
  const strict = new TextDecoder('utf-8', { fatal: true });
  const raw = feed.bytes;
  let start = 0;
  let lines = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] !== 0x0a) continue;
    expect(raw[i - 1], `line ${lines + 1} ends in a bare LF`).toBe(0x0d);
    const line = raw.subarray(start, i - 1);
    expect(line.length, `line ${lines + 1} is ${line.length} octets`).toBeLessThanOrEqual(75);
    expect(line.includes(0x0d), `line ${lines + 1} holds a bare CR`).toBe(false);
    // Each physical line on its own is valid UTF-8: no fold fell inside a character.
    expect(() => strict.decode(line)).not.toThrow();
    start = i + 1;
    lines++;
  }
  expect(start).toBe(raw.length);
}

function parse(text: string): ICAL.Component {
  return ICAL.Component.fromString(text);
}

function events(calendar: ICAL.Component): ICAL.Component[] {
  return calendar.getAllSubcomponents('vevent');
}

function byUid(calendar: ICAL.Component, uid: string): ICAL.Component | undefined {
  return events(calendar).find((e) => e.getFirstPropertyValue('uid') === uid);
}

function text(event: ICAL.Component, name: string): unknown {
  return event.getFirstPropertyValue(name);
}

/** A DATE-TIME property as written (`20300501T100000Z`) and as an instant. */
function utc(event: ICAL.Component, name: 'dtstart' | 'dtend'): { raw: string; iso: string } {
  const property = event.getFirstProperty(name);
  const value = property?.getFirstValue();
  if (!(value instanceof ICAL.Time)) throw new Error(`${name} is not a date-time`);
  expect(value.isDate).toBe(false);
  expect(value.zone?.tzid).toBe('UTC');
  const raw = property?.toICALString().split(':')[1] ?? '';
  return { raw, iso: value.toJSDate().toISOString() };
}

const icsUtc = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');

async function createSheet(
  client: ApiClient,
  fields: Partial<{ title: string; description: string; eventDate: string; organizerEmail: string }>,
): Promise<number> {
  const res = await client.post<{ id: number }>('/api/signup-sheets', {
    title: 'Spring Fair',
    description: 'Games and food',
    eventDate: soon(10),
    organizerName: 'Ann Lee',
    organizerEmail: 'ann.organizer@example.org',
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function createSlot(
  sheetId: number,
  fields: Partial<{ title: string; startTime: string; endTime: string; maxVolunteers: number }> = {},
): Promise<number> {
  const res = await admin.post<{ id: number }>('/api/volunteer-slots', {
    signupSheetId: sheetId,
    title: 'Helpers',
    maxVolunteers: 5,
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('GET /api/calendar/events.ics (public)', () => {
  const title = 'Bake sale, games; prizes \\ fun\nÉté – 夏祭り 🎪';
  const longDescription = `${'Bring a dish to share – crème brûlée, 寿司, pão de queijo; '.repeat(12)}and smile! 🎉`;
  const eventDate = soon(20);
  let fair: number;
  let plain: number;
  let past: number;

  beforeAll(async () => {
    fair = await createSheet(admin, { title, description: longDescription, eventDate });
    await createSlot(fair, { title: 'Setup', startTime: eventDate, endTime: plus(eventDate, hourMs) });
    await createSlot(fair, {
      title: 'Cleanup',
      startTime: plus(eventDate, 3 * hourMs),
      endTime: plus(eventDate, 5 * hourMs),
    });
    plain = await createSheet(admin, { title: 'Book swap', eventDate: soon(21) });
    past = await createSheet(admin, { title: 'Last year’s picnic', eventDate: soon(-3) });
    // A volunteer with an address and a phone number: none of it may reach the public feed.
    const slot = await createSlot(plain, { title: 'Sorting' });
    const signup = await new ApiClient(server.url).post('/api/volunteers', {
      slotId: slot,
      name: 'Vera Volunteer',
      email: 'vera.private@example.org',
      phone: '555-0142',
    });
    expect(signup.status).toBe(201);
  });

  it('answers text/calendar that follows the RFC 5545 line rules', async () => {
    const feed = await fetchFeed(`${server.url}/api/calendar/events.ics`);
    expect(feed.status).toBe(200);
    expect(feed.contentType).toBe('text/calendar; charset=utf-8');
    expectWellFormedLines(feed);
    // The long description really was folded (and is unfolded back below).
    expect(feed.text).toContain('\r\n ');

    const calendar = parse(feed.text);
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toMatch(/PAC Hub/);
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Our School PAC volunteer events');
  });

  it('lists each upcoming sheet once, with its title and description exactly, and leaves past ones out', async () => {
    const calendar = parse((await fetchFeed(`${server.url}/api/calendar/events.ics`)).text);
    const uids = events(calendar).map((e) => e.getFirstPropertyValue('uid'));
    expect(uids).toContain(`sheet-${fair}@${host}`);
    expect(uids).toContain(`sheet-${plain}@${host}`);
    expect(uids).not.toContain(`sheet-${past}@${host}`);
    expect(new Set(uids).size).toBe(uids.length);

    const event = byUid(calendar, `sheet-${fair}@${host}`);
    if (!event) throw new Error('no event for the fair');
    expect(text(event, 'summary')).toBe(title);
    expect(text(event, 'description')).toBe(longDescription);
    expect(text(event, 'contact')).toBe('Ann Lee');
    expect(text(event, 'url')).toBe(`${publicBase}/signup-sheet/${fair}`);
    expect(event.getFirstPropertyValue('dtstamp')).toBeInstanceOf(ICAL.Time);
  });

  it('runs from the event date to the end of the latest slot, or two hours without slot times, in UTC', async () => {
    const calendar = parse((await fetchFeed(`${server.url}/api/calendar/events.ics`)).text);
    const fairEvent = byUid(calendar, `sheet-${fair}@${host}`);
    const plainEvent = byUid(calendar, `sheet-${plain}@${host}`);
    if (!fairEvent || !plainEvent) throw new Error('missing events');
    const start = utc(fairEvent, 'dtstart');
    expect(start.iso).toBe(eventDate);
    expect(start.raw).toBe(icsUtc(eventDate));
    expect(start.raw).toMatch(/^\d{8}T\d{6}Z$/);
    expect(utc(fairEvent, 'dtend').iso).toBe(plus(eventDate, 5 * hourMs));
    const plainStart = utc(plainEvent, 'dtstart').iso;
    expect(utc(plainEvent, 'dtend').iso).toBe(plus(plainStart, 2 * hourMs));
  });

  it('keeps every UID stable from one fetch to the next', async () => {
    const first = events(parse((await fetchFeed(`${server.url}/api/calendar/events.ics`)).text));
    const second = events(parse((await fetchFeed(`${server.url}/api/calendar/events.ics`)).text));
    expect(second.map((e) => e.getFirstPropertyValue('uid'))).toEqual(first.map((e) => e.getFirstPropertyValue('uid')));
  });

  it('carries no email address, phone number or volunteer', async () => {
    const feed = await fetchFeed(`${server.url}/api/calendar/events.ics`);
    for (const secret of ['ann.organizer@example.org', 'vera.private@example.org', '555-0142', 'Vera', 'mailto:']) {
      expect(feed.text).not.toContain(secret);
    }
    expect(feed.text).not.toMatch(/^ORGANIZER|^ATTENDEE/m);
  });
});

/** Registers an account and signs in as it. */
async function account(name: string): Promise<ApiClient & { id: number; email: string }> {
  const client = new ApiClient(server.url);
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const res = await client.post<{ id: number }>('/api/auth/register', { name, email, password: 'secret-pass' });
  expect([200, 201]).toContain(res.status);
  return Object.assign(client, { id: res.body.id, email });
}

async function signUp(
  client: ApiClient & { id: number; email: string },
  slotId: number,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; status: string }> {
  const res = await client.post<{ id: number; status: string }>('/api/volunteers', {
    slotId,
    userId: client.id,
    name: 'Pat Parent',
    email: client.email,
    phone: '555-0100',
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function feedUrl(client: ApiClient): Promise<string> {
  const res = await client.get<{ url: string }>('/api/calendar/feed');
  expect(res.status).toBe(200);
  return res.body.url;
}

describe('the private feed of an account’s own signups', () => {
  let pat: Awaited<ReturnType<typeof account>>;
  let sam: Awaited<ReturnType<typeof account>>;
  const eventDate = soon(14);
  let timed: number;
  let untimed: number;
  let samsSlot: number;

  beforeAll(async () => {
    pat = await account('Pat');
    sam = await account('Sam');
    const sheet = await createSheet(admin, { title: 'Science Night', eventDate });
    timed = await createSlot(sheet, {
      title: 'Judges',
      startTime: plus(eventDate, hourMs),
      endTime: plus(eventDate, 3 * hourMs),
    });
    untimed = await createSlot(sheet, { title: 'Snacks' });
    samsSlot = await createSlot(sheet, { title: 'Greeters' });
  });

  it('has a secret URL on this server, the same on every ask, that needs no cookie', async () => {
    const url = await feedUrl(pat);
    expect(url).toMatch(new RegExp(`^${publicBase}/api/calendar/feed/${pat.id}\\.[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await feedUrl(pat)).toBe(url);
    expect(await feedUrl(sam)).not.toBe(url);
    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.contentType).toBe('text/calendar; charset=utf-8');
    expectWellFormedLines(feed);
    expect(parse(feed.text).getFirstPropertyValue('x-wr-calname')).toBe('Our School PAC: my volunteer shifts');
  });

  it('lists the account’s own signups only, at the slot’s times in UTC (an hour from the event date without)', async () => {
    const judging = await signUp(pat, timed);
    const snacks = await signUp(pat, untimed);
    const samsOwn = await signUp(sam, samsSlot);

    const feed = await fetchFeed(await feedUrl(pat));
    expectWellFormedLines(feed);
    const calendar = parse(feed.text);
    const uids = events(calendar).map((e) => e.getFirstPropertyValue('uid'));
    expect(uids.sort()).toEqual([`signup-${judging.id}@${host}`, `signup-${snacks.id}@${host}`].sort());
    expect(uids).not.toContain(`signup-${samsOwn.id}@${host}`);

    const judge = byUid(calendar, `signup-${judging.id}@${host}`);
    const snack = byUid(calendar, `signup-${snacks.id}@${host}`);
    if (!judge || !snack) throw new Error('missing events');
    expect(text(judge, 'summary')).toBe('Science Night: Judges');
    expect(text(judge, 'status')).toBe('CONFIRMED');
    expect(utc(judge, 'dtstart')).toEqual({ iso: plus(eventDate, hourMs), raw: icsUtc(plus(eventDate, hourMs)) });
    expect(utc(judge, 'dtend').iso).toBe(plus(eventDate, 3 * hourMs));
    expect(utc(snack, 'dtstart').iso).toBe(eventDate);
    expect(utc(snack, 'dtend').iso).toBe(plus(eventDate, hourMs));
    // Nobody else's details: not Sam's signup, and not Pat's own phone either.
    expect(feed.text).not.toContain(sam.email);
    expect(feed.text).not.toContain('555-0100');

    // Sam's feed has Sam's signup and nothing of Pat's.
    const samsCalendar = parse((await fetchFeed(await feedUrl(sam))).text);
    expect(events(samsCalendar).map((e) => e.getFirstPropertyValue('uid'))).toEqual([`signup-${samsOwn.id}@${host}`]);
  });

  it('drops a cancelled signup, keeping the other UIDs as they were', async () => {
    const url = await feedUrl(pat);
    const before = events(parse((await fetchFeed(url)).text)).map((e) => e.getFirstPropertyValue('uid'));
    const cancelled = before.find((uid) => typeof uid === 'string' && uid.startsWith('signup-'));
    const cancelledId = Number(/^signup-(\d+)@/.exec(String(cancelled))?.[1]);
    expect((await pat.delete(`/api/volunteers/${cancelledId}`)).status).toBe(204);
    const after = events(parse((await fetchFeed(url)).text)).map((e) => e.getFirstPropertyValue('uid'));
    expect(after).toEqual(before.filter((uid) => uid !== cancelled));
  });

  it('shows a waitlisted signup as tentative, marked in its summary', async () => {
    const sheet = await createSheet(admin, { title: 'Tiny Workshop', eventDate: soon(15) });
    const full = await createSlot(sheet, { title: 'Assistant', maxVolunteers: 1 });
    await signUp(sam, full);
    const waiting = await signUp(pat, full, { waitlist: true });
    expect(waiting.status).toBe('waitlisted');
    const event = byUid(parse((await fetchFeed(await feedUrl(pat))).text), `signup-${waiting.id}@${host}`);
    if (!event) throw new Error('the waitlisted signup is not in the feed');
    expect(text(event, 'summary')).toBe('Waitlisted: Tiny Workshop: Assistant');
    expect(text(event, 'status')).toBe('TENTATIVE');
  });

  it('Reset link: a new URL that works, and the old one answers 404', async () => {
    const old = await feedUrl(pat);
    const reset = await pat.post<{ url: string }>('/api/calendar/feed/reset');
    expect(reset.status).toBe(200);
    expect(reset.body.url).not.toBe(old);
    expect(await feedUrl(pat)).toBe(reset.body.url);
    expect((await fetchFeed(old)).status).toBe(404);
    const fresh = await fetchFeed(reset.body.url);
    expect(fresh.status).toBe(200);
    expect(events(parse(fresh.text)).length).toBeGreaterThan(0);
    // Sam's feed is untouched by Pat's reset.
    expect((await fetchFeed(await feedUrl(sam))).status).toBe(200);
  });

  it('answers 404 JSON to another account’s signature, a made-up token and an unknown account', async () => {
    const samsToken = /\/feed\/(\d+)\.([^.]+)\.ics$/.exec(await feedUrl(sam));
    const signature = samsToken?.[2] ?? '';
    const attempts = [
      `/api/calendar/feed/${pat.id}.${signature}.ics`,
      `/api/calendar/feed/${pat.id}.${'A'.repeat(43)}.ics`,
      `/api/calendar/feed/999999.${signature}.ics`,
      `/api/calendar/feed/${sam.id}.ics`,
      `/api/calendar/feed/not-a-token.ics`,
      `/api/calendar/feed/${sam.id}.${signature}x.ics`,
    ];
    for (const path of attempts) {
      const res = await new ApiClient(server.url).get<{ message: string }>(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toBe('Calendar feed not found');
    }
  });

  it('the feed URL and its reset need a session (401)', async () => {
    const anon = new ApiClient(server.url);
    expect((await anon.get('/api/calendar/feed')).status).toBe(401);
    expect((await anon.post('/api/calendar/feed/reset')).status).toBe(401);
  });
});
