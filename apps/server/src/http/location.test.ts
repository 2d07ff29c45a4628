import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, inDays, startTestServer, type TestServer } from '../../test/support/harness';
import { smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';

/**
 * API.md "An organizer's season", Location, against the real server, a real SQLite file and a real
 * SMTP server: a signup's emails name where the slot happens (its own location, else its sheet's)
 * with a map link, and every calendar (the invitation, the public feed, the private feed) carries
 * it as LOCATION, read back with ical.js.
 */

let smtp: TestSmtp;
let server: TestServer;
let admin: ApiClient;
const sheetLocation = 'Gym, 123 Main St';
const ownLocation = 'Parking lot B; north gate';
const mapOf = (location: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;

let sheetId: number;
let ownSlot: number;
let sheetSlot: number;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    env: { ...smtpEnv(smtp), PUBLIC_BASE_URL: 'http://pac.test', SIGNUP_RATE_LIMIT: '1000' },
  });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
  const sheet = await admin.post<{ id: number; location: string | null }>('/api/signup-sheets', {
    title: 'Field Day',
    eventDate: inDays(9),
    location: sheetLocation,
    organizerName: 'Ann Lee',
    organizerEmail: 'ann@example.org',
  });
  expect(sheet.status).toBe(201);
  expect(sheet.body.location).toBe(sheetLocation);
  sheetId = sheet.body.id;
  const slot = async (title: string, extra: Record<string, unknown>) => {
    const res = await admin.post<{ id: number }>('/api/volunteer-slots', {
      signupSheetId: sheetId,
      title,
      maxVolunteers: 1,
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  ownSlot = await slot('Parking', { location: ownLocation });
  sheetSlot = await slot('Races', {});
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});
afterEach(() => server.runtime.mail.flush());

let counter = 0;
async function signUp(slotId: number, extra: Record<string, unknown> = {}, client = new ApiClient(server.url)) {
  counter += 1;
  const email = `where-${counter}@example.org`;
  const res = await client.post<{ id: number; status: string }>('/api/volunteers', {
    slotId,
    name: `Parent ${counter}`,
    email,
    phone: '555-0100',
    ...extra,
  });
  expect(res.status).toBe(201);
  await server.runtime.mail.flush();
  const mail = smtp.messages.find((m) => m.envelopeTo.includes(email));
  if (!mail) throw new Error(`no mail to ${email}`);
  return { signup: res.body, mail };
}

function icsLocations(content: string): unknown[] {
  return ICAL.Component.fromString(content)
    .getAllSubcomponents('vevent')
    .map((e) => e.getFirstPropertyValue('location'));
}

function attachedLocations(mail: Awaited<ReturnType<typeof signUp>>['mail']): unknown[] {
  const ics = mail.parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  if (!ics) throw new Error('no calendar attachment');
  return icsLocations(ics.content.toString('utf8'));
}

describe("a signup's confirmation", () => {
  it("names the slot's own location with a map link, and its invitation's LOCATION is that location", async () => {
    const { mail } = await signUp(ownSlot);
    expect(mail.parsed.text).toMatch(/^ {2}Where: +Parking lot B; north gate$/m);
    expect(mail.parsed.text).toContain(mapOf(ownLocation));
    expect(mail.parsed.html).toContain(`href="${mapOf(ownLocation).replace(/&/g, '&amp;')}"`);
    expect(mail.parsed.html).not.toContain(mapOf(sheetLocation).replace(/&/g, '&amp;'));
    expect(attachedLocations(mail)).toEqual([ownLocation]);
  });

  it("names the sheet's location for a slot without its own, in the email and as LOCATION", async () => {
    const { mail } = await signUp(sheetSlot);
    expect(mail.parsed.text).toMatch(/^ {2}Where: +Gym, 123 Main St$/m);
    expect(mail.parsed.text).toContain(mapOf(sheetLocation));
    expect(mail.parsed.html).toContain(`href="${mapOf(sheetLocation).replace(/&/g, '&amp;')}"`);
    expect(attachedLocations(mail)).toEqual([sheetLocation]);
  });

  it('names the location in the waitlist confirmation too', async () => {
    // Both slots hold one volunteer, and the tests above filled them.
    const { signup, mail } = await signUp(ownSlot, { waitlist: true });
    expect(signup.status).toBe('waitlisted');
    expect(mail.parsed.text).toMatch(/^ {2}Where: +Parking lot B; north gate$/m);
    expect(mail.parsed.text).toContain(mapOf(ownLocation));
    expect(mail.parsed.html).toContain(`href="${mapOf(ownLocation).replace(/&/g, '&amp;')}"`);
  });
});

describe('the calendar feeds', () => {
  it("GET /api/calendar/events.ics gives the sheet's LOCATION", async () => {
    const res = await fetch(`${server.url}/api/calendar/events.ics`);
    expect(res.status).toBe(200);
    const calendar = ICAL.Component.fromString(await res.text());
    const event = calendar
      .getAllSubcomponents('vevent')
      .find((e) => e.getFirstPropertyValue('uid') === `sheet-${sheetId}@pac.test`);
    expect(event?.getFirstPropertyValue('location')).toBe(sheetLocation);
  });

  it("an account's private feed gives each signup's LOCATION: the slot's own, else the sheet's", async () => {
    const client = new ApiClient(server.url);
    const email = `feed-${Math.random().toString(36).slice(2, 8)}@example.org`;
    const registered = await client.post<{ id: number }>('/api/auth/register', {
      name: 'Feed Parent',
      email,
      password: 'secret-pass',
    });
    expect([200, 201]).toContain(registered.status);
    for (const slotId of [ownSlot, sheetSlot]) {
      const res = await client.post('/api/volunteers', {
        slotId,
        userId: registered.body.id,
        name: 'Feed Parent',
        email,
        phone: '555-0100',
        waitlist: true,
      });
      expect(res.status).toBe(201);
    }
    const feed = await client.get<{ url: string }>('/api/calendar/feed');
    expect(feed.status).toBe(200);
    const res = await fetch(feed.body.url.replace('http://pac.test', server.url));
    expect(res.status).toBe(200);
    expect(icsLocations(await res.text()).sort()).toEqual([sheetLocation, ownLocation].sort());
  });
});
