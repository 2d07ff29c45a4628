import { createRuntime, sendOrganizerDigests } from '@pac/api';
import { openDatabase } from '@pac/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, inDays, startTestServer, type TestServer } from '../../test/support/harness';
import { type ReceivedMail, smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';

/**
 * API.md "An organizer's season": a sheet's `notifyOrganizer` says what its organizer hears.
 * `each`: an email to organizerEmail on every signup, cancellation, move and waitlist promotion
 * (who, which slot, spots left); `daily`: one digest at 07:00 school time of the day before's
 * changes, nothing when nothing happened; `off`: nothing. Real server, SQLite file and SMTP server.
 */

let smtp: TestSmtp;
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    env: {
      ...smtpEnv(smtp),
      PUBLIC_BASE_URL: 'http://pac.test',
      SCHOOL_TIMEZONE: 'America/Vancouver',
      SIGNUP_RATE_LIMIT: '1000',
    },
  });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});
afterEach(() => server.runtime.mail.flush());

let counter = 0;
const unique = (prefix: string) => `${prefix}-${(counter += 1)}-${Date.now()}@example.org`;

async function sheetWithSlots(notifyOrganizer: 'each' | 'daily' | 'off' | undefined, capacities: number[]) {
  const organizerEmail = unique('organizer');
  const title = `Book Fair ${counter}`;
  const res = await admin.post<{ id: number; notifyOrganizer: string }>('/api/signup-sheets', {
    title,
    eventDate: inDays(10),
    organizerName: 'Ann Lee',
    organizerEmail,
    ...(notifyOrganizer ? { notifyOrganizer } : {}),
  });
  expect(res.status).toBe(201);
  expect(res.body.notifyOrganizer).toBe(notifyOrganizer ?? 'each');
  const slots: number[] = [];
  for (const [i, maxVolunteers] of capacities.entries()) {
    const start = new Date(Date.parse(inDays(10)) + i * 3_600_000);
    const slot = await admin.post<{ id: number }>('/api/volunteer-slots', {
      signupSheetId: res.body.id,
      title: `Shift ${i + 1}`,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3_600_000).toISOString(),
      maxVolunteers,
    });
    expect(slot.status).toBe(201);
    slots.push(slot.body.id);
  }
  return { id: res.body.id, title, organizerEmail, slots };
}

interface Signup {
  id: number;
  manageToken: string;
  status: string;
}

async function signUp(slotId: number, name: string, extra: Record<string, unknown> = {}) {
  const email = unique('parent');
  const res = await new ApiClient(server.url).post<Signup>('/api/volunteers', {
    slotId,
    name,
    email,
    phone: '604-555-0199',
    ...extra,
  });
  expect(res.status).toBe(201);
  return { ...res.body, email };
}

/** The item at `index`, which the test needs to be there. */
function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`expected an item at ${index} of ${list.length}`);
  return item;
}

/** The one mail of a list. */
function only(list: readonly ReceivedMail[]): ReceivedMail {
  expect(list).toHaveLength(1);
  return at(list, 0);
}

const toOrganizer = (address: string) => (mail: ReceivedMail) => mail.envelopeTo.includes(address);

/** The organizer's mails once every mail the server has queued has gone. */
async function organizerMails(address: string): Promise<ReceivedMail[]> {
  await server.runtime.mail.flush();
  return smtp.messages.filter(toOrganizer(address));
}

describe('notifyOrganizer: each', () => {
  it('emails the organizer on a signup, saying who, which slot and the spots left, and no contact details', async () => {
    const sheet = await sheetWithSlots(undefined, [3]);
    const parent = await signUp(at(sheet.slots, 0), 'Zoë Ñúñez');
    const mail = only(await organizerMails(sheet.organizerEmail));
    expect(mail.envelopeTo).toEqual([sheet.organizerEmail]);
    expect(mail.parsed.subject).toBe(`New signup: Zoë Ñúñez – Shift 1 (${sheet.title})`);
    const text = mail.parsed.text ?? '';
    expect(text).toContain('Zoë Ñúñez signed up for Shift 1');
    expect(text).toContain('2 of 3 spots open on Shift 1.');
    expect(text).toContain(`http://pac.test/signup-sheet/${sheet.id}/roster`);
    // Names only: the volunteer's address and phone stay behind the organizer's sign-in.
    expect(mail.raw).not.toContain(parent.email);
    expect(mail.raw).not.toContain('604-555-0199');
  });

  it('tells of a cancellation and of the promotion off the waitlist it caused', async () => {
    const sheet = await sheetWithSlots('each', [1]);
    const first = await signUp(at(sheet.slots, 0), 'Ava First');
    const waiting = await signUp(at(sheet.slots, 0), 'Ben Waiting', { waitlist: true });
    expect(waiting.status).toBe('waitlisted');
    const cancelled = await new ApiClient(server.url).delete(`/api/my-signup?token=${first.manageToken}`);
    expect(cancelled.status).toBe(204);
    const mails = await organizerMails(sheet.organizerEmail);
    expect(mails).toHaveLength(4);
    const about = (subject: RegExp) => {
      return only(mails.filter((m) => subject.test(m.parsed.subject ?? ''))).parsed.text ?? '';
    };
    expect(about(/^New signup: Ava First – Shift 1/)).toContain('Shift 1 is now full.');
    expect(about(/^Joined the waitlist: Ben Waiting – Shift 1/)).toContain(
      'Ben Waiting joined the waitlist for Shift 1',
    );
    const cancellation = about(/^Cancelled: Ava First – Shift 1/);
    expect(cancellation).toContain('Ava First cancelled their signup for Shift 1');
    expect(cancellation).toContain('1 of 1 spot open on Shift 1.');
    const promotion = about(/^Off the waitlist: Ben Waiting – Shift 1/);
    expect(promotion).toContain('Ben Waiting moved up from the waitlist into Shift 1');
    expect(promotion).toContain('Shift 1 is now full.');
  });

  it('tells of a move, and of an organizer removing someone', async () => {
    const sheet = await sheetWithSlots('each', [2, 2]);
    const mover = await signUp(at(sheet.slots, 0), 'Cy Mover');
    const moved = await new ApiClient(server.url).post(`/api/my-signup/move?token=${mover.manageToken}`, {
      slotId: sheet.slots[1],
    });
    expect(moved.status).toBe(200);
    const removed = await admin.delete(`/api/volunteers/${mover.id}`);
    expect(removed.status).toBe(204);
    const texts = (await organizerMails(sheet.organizerEmail)).map((m) => m.parsed.text ?? '');
    expect(texts).toHaveLength(3);
    const move = texts.find((t) => t.includes('Cy Mover moved from Shift 1 to Shift 2'));
    expect(move).toContain('1 of 2 spots open on Shift 2.');
    expect(texts.some((t) => t.includes('An organizer removed Cy Mover from Shift 2'))).toBe(true);
  });

  it('sends one email for a signup of several slots', async () => {
    const sheet = await sheetWithSlots('each', [2, 2, 2]);
    const res = await new ApiClient(server.url).post('/api/volunteers', {
      slotIds: sheet.slots,
      name: 'Dee Many',
      email: unique('many'),
      phone: '555',
    });
    expect(res.status).toBe(201);
    const mail = only(await organizerMails(sheet.organizerEmail));
    expect(mail.parsed.subject).toMatch(/^New signup: Dee Many – Shift 1 and 2 more/);
    for (const slot of ['Shift 1', 'Shift 2', 'Shift 3']) expect(mail.parsed.text).toContain(`signed up for ${slot}`);
  });
});

describe('notifyOrganizer: off and daily', () => {
  it('emails nothing to the organizer of a sheet set to off', async () => {
    const sheet = await sheetWithSlots('off', [1]);
    const first = await signUp(at(sheet.slots, 0), 'Eve Off');
    await signUp(at(sheet.slots, 0), 'Fay Off', { waitlist: true });
    await new ApiClient(server.url).delete(`/api/my-signup?token=${first.manageToken}`);
    expect(await organizerMails(sheet.organizerEmail)).toEqual([]);
  });

  it("sends one digest of the day before's changes from 07:00 school time, then nothing more", async () => {
    const sheet = await sheetWithSlots('daily', [1, 3]);
    const first = await signUp(at(sheet.slots, 0), 'Gus Daily');
    await signUp(at(sheet.slots, 0), 'Hal Daily', { waitlist: true });
    await signUp(at(sheet.slots, 1), 'Ivy Daily');
    expect((await new ApiClient(server.url).delete(`/api/my-signup?token=${first.manageToken}`)).status).toBe(204);
    // Nothing as it happens.
    expect(await organizerMails(sheet.organizerEmail)).toEqual([]);

    const handle = openDatabase(server.databasePath);
    const services = {
      db: handle.db,
      config: server.config,
      runtime: createRuntime(handle.db, server.config, { logger: server.runtime.logger }),
    };
    // Tomorrow on Vancouver's clock: 06:59 is too early; 07:00 sends; a second pass has nothing left.
    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Vancouver' }).format(tomorrow);
    const onTomorrow = (time: string) => {
      // UTC−7 (British Columbia's permanent time from 2026-11-01).
      return new Date(`${day}T${time}:00-07:00`);
    };
    try {
      expect(await sendOrganizerDigests(services, onTomorrow('06:59'))).toBe(0);
      expect(await sendOrganizerDigests(services, onTomorrow('07:00'))).toBe(1);
      expect(await sendOrganizerDigests(services, onTomorrow('07:05'))).toBe(0);
      await services.runtime.mail.flush();
    } finally {
      await services.runtime.close();
      handle.close();
    }
    const digest = only(await organizerMails(sheet.organizerEmail));
    expect(digest.parsed.subject).toMatch(
      new RegExp(`^Book Fair \\d+: 2 signups, 1 on the waitlist, 1 cancellation, 1 promotion off the waitlist on `),
    );
    const text = digest.parsed.text ?? '';
    // In the order they happened, each with the spots open right after it.
    const order = [
      'Gus Daily signed up for Shift 1. Shift 1 is now full.',
      'Hal Daily joined the waitlist for Shift 1. Shift 1 is now full.',
      'Ivy Daily signed up for Shift 2. 2 spots open on Shift 2.',
      'Gus Daily cancelled their signup for Shift 1. 1 spot open on Shift 1.',
      'Hal Daily moved up from the waitlist into Shift 1. Shift 1 is now full.',
    ];
    const positions = order.map((line) => text.indexOf(line));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
