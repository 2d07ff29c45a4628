import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  inDays,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { type ReceivedMail, smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';
import { openDatabase } from '@pac/db';

/**
 * API.md "Coordinator toolkit": the waitlist of a full slot, its automatic promotion (with one
 * email per promoted volunteer), and the "manage my signup" link, against the real server, a real
 * SQLite file and a real SMTP server.
 */

const timeZone = 'America/Vancouver';
let smtp: TestSmtp;
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    env: {
      ...smtpEnv(smtp),
      PUBLIC_BASE_URL: 'http://pac.test',
      SCHOOL_TIMEZONE: timeZone,
      // 50 concurrent signups from one loopback address, and the other tests' signups.
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
beforeEach(() => {
  smtp.messages.length = 0;
});
// Every mail a test caused has reached the SMTP server before the next test clears the list.
afterEach(() => server.runtime.mail.flush());

interface Volunteer {
  id: number;
  slotId: number;
  name: string;
  email?: string;
  status: 'confirmed' | 'waitlisted';
  isMine: boolean;
}
interface Slot {
  id: number;
  title: string;
  currentVolunteers: number;
  maxVolunteers: number;
  waitlistCount: number;
  volunteers: Volunteer[];
}
interface Sheet {
  id: number;
  slots: Slot[];
}

let counter = 0;
function signupBody(slotId: number, extra: { name?: string; email?: string; waitlist?: boolean } = {}) {
  counter += 1;
  return {
    slotId,
    name: extra.name ?? `Parent ${counter}`,
    email: extra.email ?? `parent-${counter}@example.org`,
    phone: '555-0100',
    emailConsent: true,
    ...(extra.waitlist === undefined ? {} : { waitlist: extra.waitlist }),
  };
}
async function signUp(slotId: number, extra: { name?: string; email?: string; waitlist?: boolean } = {}) {
  const res = await new ApiClient(server.url).post<Volunteer>('/api/volunteers', signupBody(slotId, extra));
  expect(res.status).toBe(201);
  return res.body;
}
async function slotView(client: ApiClient, sheetId: number, slotId: number): Promise<Slot> {
  const res = await client.get<Sheet>(`/api/signup-sheets/${sheetId}`);
  expect(res.status).toBe(200);
  const slot = res.body.slots.find((s) => s.id === slotId);
  if (!slot) throw new Error(`slot ${slotId} missing`);
  return slot;
}
async function addSlot(client: ApiClient, sheetId: number, title: string, maxVolunteers: number, startTime?: Date) {
  const res = await client.post<{ id: number }>('/api/volunteer-slots', {
    signupSheetId: sheetId,
    title,
    maxVolunteers,
    ...(startTime
      ? { startTime: startTime.toISOString(), endTime: new Date(startTime.getTime() + 2 * 3_600_000).toISOString() }
      : {}),
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

function rows<T>(sql: string, ...params: unknown[]): T[] {
  const handle = openDatabase(server.databasePath);
  try {
    return handle.sqlite.prepare(sql).all(...params) as T[];
  } finally {
    handle.close();
  }
}
/** The slot's volunteers in signup order (signupTime, then id): the order the waitlist is promoted in. */
function inSignupOrder(slotId: number) {
  return rows<{ id: number; email: string; status: string }>(
    'SELECT id, email, status FROM volunteers WHERE slot_id = ? ORDER BY signup_time, id',
    slotId,
  );
}
/** Never above capacity: the stored count, the confirmed rows and the check constraint agree. */
function expectCapacityHolds(slotId: number, confirmed: number, waitlisted: number) {
  const slot = queryOne<{ current: number; max: number }>(
    server.databasePath,
    'SELECT current_volunteers AS current, max_volunteers AS max FROM volunteer_slots WHERE id = ?',
    slotId,
  );
  const counted = queryOne<{ confirmed: number; waitlisted: number }>(
    server.databasePath,
    `SELECT sum(status = 'confirmed') AS confirmed, sum(status = 'waitlisted') AS waitlisted
       FROM volunteers WHERE slot_id = ?`,
    slotId,
  );
  expect(slot.current).toBeLessThanOrEqual(slot.max);
  expect(slot.current).toBe(confirmed);
  expect(counted.confirmed ?? 0).toBe(confirmed);
  expect(counted.waitlisted ?? 0).toBe(waitlisted);
  const table = queryOne<{ sql: string }>(
    server.databasePath,
    "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'volunteer_slots'",
  );
  expect(table.sql).toContain('volunteer_slots_capacity');
  expect(
    queryOne<{ n: number }>(
      server.databasePath,
      'SELECT count(*) AS n FROM volunteer_slots WHERE current_volunteers > max_volunteers OR current_volunteers < 0',
    ).n,
  ).toBe(0);
}

const isPromotion = (mail: ReceivedMail) => (mail.parsed.subject ?? '').startsWith("You're off the waitlist");
const isWaitlistConfirmation = (mail: ReceivedMail) => (mail.parsed.subject ?? '').startsWith("You're on the waitlist");

/** Resolves once `count` received mails match (the SMTP server is polled, no fixed wait). */
const mailsMatching = (match: (mail: ReceivedMail) => boolean, count: number) =>
  smtp.waitForMatching(match, count, 20_000);
/** The manage link's token in a mail (`http://pac.test/my-signup?token=…`). */
function manageToken(mail: ReceivedMail | undefined): string {
  const match = /http:\/\/pac\.test\/my-signup\?token=([A-Za-z0-9_-]+)/.exec(mail?.parsed.text ?? '');
  if (!match?.[1]) throw new Error(`no manage link in: ${mail?.parsed.text ?? '(no mail)'}`);
  return match[1];
}
const to = (email: string) => (mail: ReceivedMail) => mail.envelopeTo.includes(email);

describe('the waitlist under concurrency', () => {
  it('takes 50 concurrent waitlist signups on a slot of 5, then promotes in signup order as confirmed volunteers leave (in rounds and in one burst of 20), mailing each promoted volunteer once', async () => {
    const { sheetId, slotId } = await createSheetWithSlot(admin, 5, { title: 'Race Fair' });
    const emails = Array.from({ length: 50 }, (_, i) => `racer-${i}@example.org`);
    const answers = await Promise.all(
      emails.map((email, i) =>
        new ApiClient(server.url).post<Volunteer>(
          '/api/volunteers',
          signupBody(slotId, { name: `Racer ${i}`, email, waitlist: true }),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 201));
    expect(answers.filter((a) => a.body.status === 'confirmed')).toHaveLength(5);
    expect(answers.filter((a) => a.body.status === 'waitlisted')).toHaveLength(45);
    expectCapacityHolds(slotId, 5, 45);

    // The first five to arrive hold the spots; the rest wait in the order they came.
    const order = inSignupOrder(slotId);
    expect(order.slice(0, 5).map((v) => v.status)).toEqual(Array(5).fill('confirmed'));
    expect(order.slice(5).every((v) => v.status === 'waitlisted')).toBe(true);
    const idOf = new Map(order.map((v) => [v.email, v.id]));
    const emailOf = new Map(order.map((v) => [v.id, v.email]));

    // Everyone gets their confirmation (a waitlist one for the 45), each with a manage link. (The
    // sheet's organizer hears of each signup too: organizer-notifications.test.ts.)
    await mailsMatching((mail) => !to('ann@example.org')(mail), 50);
    expect(smtp.messages.filter(isWaitlistConfirmation)).toHaveLength(45);
    const tokenOf = new Map(
      emails.map((email) => [idOf.get(email), manageToken(smtp.messages.find(to(email)))] as const),
    );

    // Admin view: the waitlist in order; public view: a count, and no waitlisted name.
    const full = await slotView(admin, sheetId, slotId);
    expect(full.waitlistCount).toBe(45);
    expect(full.volunteers.filter((v) => v.status === 'waitlisted').map((v) => v.id)).toEqual(
      order.slice(5).map((v) => v.id),
    );
    const publicView = await slotView(new ApiClient(server.url), sheetId, slotId);
    expect(publicView).toMatchObject({ waitlistCount: 45, currentVolunteers: 5 });
    expect(publicView.volunteers.map((v) => v.status)).toEqual(Array(5).fill('confirmed'));

    // 20 cancels of confirmed signups: four rounds of the five confirmed at that moment, all five
    // at once, half by the admin and half by the volunteer's manage link.
    const anon = new ApiClient(server.url);
    for (let round = 0; round < 4; round += 1) {
      const confirmedNow = inSignupOrder(slotId).filter((v) => v.status === 'confirmed');
      expect(confirmedNow.map((v) => v.id)).toEqual(order.slice(5 * round, 5 * round + 5).map((v) => v.id));
      const cancels = await Promise.all(
        confirmedNow.map((v, i) =>
          i % 2 === 0
            ? admin.delete(`/api/volunteers/${v.id}`)
            : anon.delete(`/api/my-signup?token=${tokenOf.get(v.id) ?? ''}`),
        ),
      );
      expect(cancels.map((c) => c.status)).toEqual(Array(5).fill(204));
      expectCapacityHolds(slotId, 5, 45 - 5 * (round + 1));
    }
    const after = inSignupOrder(slotId);
    expect(after.filter((v) => v.status === 'confirmed').map((v) => v.id)).toEqual(
      order.slice(20, 25).map((v) => v.id),
    );
    expect(after.filter((v) => v.status === 'waitlisted').map((v) => v.id)).toEqual(order.slice(25).map((v) => v.id));

    // Then a burst of 20 cancels at once: the five confirmed and the last fifteen in line (who can
    // never be reached by five promotions, so whatever order the cancels arrive in, the next five
    // in line, and only they, are promoted).
    const burst = [...order.slice(20, 25), ...order.slice(35)];
    const burstAnswers = await Promise.all(
      burst.map((v, i) =>
        i % 2 === 0
          ? admin.delete(`/api/volunteers/${v.id}`)
          : anon.delete(`/api/my-signup?token=${tokenOf.get(v.id) ?? ''}`),
      ),
    );
    expect(burstAnswers.map((c) => c.status)).toEqual(Array(20).fill(204));
    expectCapacityHolds(slotId, 5, 5);
    const last = inSignupOrder(slotId);
    expect(last.filter((v) => v.status === 'confirmed').map((v) => v.id)).toEqual(order.slice(25, 30).map((v) => v.id));
    expect(last.filter((v) => v.status === 'waitlisted').map((v) => v.id)).toEqual(
      order.slice(30, 35).map((v) => v.id),
    );

    // Every promoted volunteer (the 6th to the 30th to sign up) gets exactly one promotion email.
    await mailsMatching(isPromotion, 25);
    await server.runtime.mail.flush();
    const promotions = new Map<string, number>();
    for (const mail of smtp.messages.filter(isPromotion)) {
      for (const address of mail.envelopeTo) promotions.set(address, (promotions.get(address) ?? 0) + 1);
    }
    const promoted = order.slice(5, 30).map((v) => emailOf.get(v.id));
    expect([...promotions.keys()].sort()).toEqual([...promoted].sort());
    expect([...promotions.values()].every((n) => n === 1)).toBe(true);
  }, 60_000);
});

describe('joining the waitlist', () => {
  it('ignores the flag on an open slot, refuses a full slot without it, and refuses the same email twice', async () => {
    const { sheetId, slotId } = await createSheetWithSlot(admin, 1, { title: 'Flag Fair' });
    const first = await signUp(slotId, { waitlist: true });
    expect(first.status).toBe('confirmed');
    const refused = await new ApiClient(server.url).post('/api/volunteers', signupBody(slotId));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: 'This volunteer slot is full' });
    const waiting = await signUp(slotId, { waitlist: true, email: 'wanda@example.org' });
    expect(waiting.status).toBe('waitlisted');
    for (const email of [first.email, 'wanda@example.org']) {
      const again = await new ApiClient(server.url).post(
        '/api/volunteers',
        signupBody(slotId, { email: email ?? '', waitlist: true }),
      );
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ message: 'This email is already signed up for this volunteer slot' });
    }
    expectCapacityHolds(slotId, 1, 1);
    expect((await slotView(admin, sheetId, slotId)).waitlistCount).toBe(1);

    // The waitlist confirmation says so, and carries the manage link.
    const [mail] = await mailsMatching(to('wanda@example.org'), 1);
    expect(mail?.parsed.subject).toBe("You're on the waitlist: Bake sale table – Flag Fair");
    expect(mail?.parsed.text).toContain('waitlist');
    expect(manageToken(mail)).toMatch(new RegExp(`^${waiting.id}-`));
    expect(mail?.parsed.attachments.some((a) => a.contentType.startsWith('text/calendar'))).toBe(false);
  });

  it('refuses a slot that has started, waitlist or not', async () => {
    const created = await admin.post<{ id: number }>('/api/signup-sheets', {
      title: 'Started Fair',
      eventDate: inDays(1),
      organizerName: 'Ann Lee',
      organizerEmail: 'ann@example.org',
    });
    const slotId = await addSlot(admin, created.body.id, 'Early', 1, new Date(Date.now() - 3_600_000));
    const res = await new ApiClient(server.url).post('/api/volunteers', signupBody(slotId, { waitlist: true }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: 'Signups for this slot have closed' });
  });
});

describe('who sees the waitlist', () => {
  async function account(name: string, role: 'organizer' | 'member') {
    const client = new ApiClient(server.url);
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${counter++}@example.org`;
    const res = await client.post<{ id: number }>('/api/auth/register', { name, email, password: 'secret-pass' });
    expect(res.status).toBeLessThan(300);
    if (role === 'organizer') expect((await admin.patch(`/api/users/${res.body.id}`, { role })).status).toBe(200);
    return Object.assign(client, { id: res.body.id, email, name });
  }

  it("lists the waitlist in order to admins and the sheet's organizer, and only a count (and your own entry) to others", async () => {
    const owner = await account('Olive Owner', 'organizer');
    const stranger = await account('Oscar Stranger', 'organizer');
    const parent = await account('Pam Parent', 'member');
    const { sheetId, slotId } = await createSheetWithSlot(owner, 1, { title: 'Owned Fair' });
    await signUp(slotId, { name: 'Carla Confirmed' });
    const w1 = await signUp(slotId, { name: 'Wanda First', waitlist: true });
    const mine = await parent.post<Volunteer>(
      '/api/volunteers',
      signupBody(slotId, { name: parent.name, email: parent.email, waitlist: true }),
    );
    expect(mine.body.status).toBe('waitlisted');
    const w3 = await signUp(slotId, { name: 'Walt Third', waitlist: true });

    for (const client of [admin, owner]) {
      const seen = await slotView(client, sheetId, slotId);
      expect(seen.waitlistCount).toBe(3);
      const waitlist = seen.volunteers.filter((v) => v.status === 'waitlisted');
      expect(waitlist.map((v) => [v.id, v.name])).toEqual([
        [w1.id, 'Wanda First'],
        [mine.body.id, 'Pam Parent'],
        [w3.id, 'Walt Third'],
      ]);
      expect(waitlist[0]?.email).toBe(w1.email);
    }
    for (const client of [new ApiClient(server.url), stranger]) {
      const seen = await slotView(client, sheetId, slotId);
      expect(seen).toMatchObject({ waitlistCount: 3, currentVolunteers: 1 });
      expect(seen.volunteers.map((v) => v.status)).toEqual(['confirmed']);
      expect(JSON.stringify(seen)).not.toMatch(/Wanda|Walt|Pam/);
    }
    const own = await slotView(parent, sheetId, slotId);
    expect(own.volunteers.map((v) => [v.status, v.isMine])).toEqual([
      ['confirmed', false],
      ['waitlisted', true],
    ]);
    expect(JSON.stringify(own)).not.toMatch(/Wanda|Walt/);

    const list = await new ApiClient(server.url).get<Sheet[]>('/api/signup-sheets');
    expect(list.body.find((s) => s.id === sheetId)?.slots[0]).toMatchObject({ waitlistCount: 3, currentVolunteers: 1 });

    // The profile history shows the waitlisted signup as such, with no hours.
    const profile = await parent.get<{ volunteerHistory: { id: number; status: string; hours: number }[] }>(
      `/api/auth/profile/${parent.id}`,
    );
    expect(profile.body.volunteerHistory.find((e) => e.id === mine.body.id)).toMatchObject({
      status: 'waitlisted',
      hours: 0,
    });
  });
});

describe('promotion', () => {
  it('fills a raised capacity from the waitlist in order, and mails each promoted volunteer in the school time zone', async () => {
    const created = await admin.post<{ id: number }>('/api/signup-sheets', {
      title: 'Winter Concert',
      eventDate: inDays(12),
      organizerName: 'Ann Lee',
      organizerEmail: 'ann@example.org',
    });
    const start = new Date(Date.parse(inDays(12)));
    start.setUTCMinutes(0, 0, 0);
    const slotId = await addSlot(admin, created.body.id, 'Ushers', 1, start);
    await signUp(slotId);
    const w1 = await signUp(slotId, { waitlist: true, name: 'Una Usher' });
    const w2 = await signUp(slotId, { waitlist: true });
    const w3 = await signUp(slotId, { waitlist: true });
    await mailsMatching(() => true, 4);

    const raised = await admin.patch<{ currentVolunteers: number }>(`/api/volunteer-slots/${slotId}`, {
      maxVolunteers: 3,
    });
    expect(raised.status).toBe(200);
    expect(raised.body.currentVolunteers).toBe(3);
    expectCapacityHolds(slotId, 3, 1);
    expect(inSignupOrder(slotId).map((v) => v.status)).toEqual(['confirmed', 'confirmed', 'confirmed', 'waitlisted']);

    const mails = await mailsMatching(isPromotion, 2);
    await server.runtime.mail.flush();
    expect(
      smtp.messages
        .filter(isPromotion)
        .flatMap((m) => m.envelopeTo)
        .sort(),
    ).toEqual([w1.email, w2.email].sort());
    expect(smtp.messages.filter(to(w3.email ?? '')).filter(isPromotion)).toHaveLength(0);
    const una = mails.find(to(w1.email ?? ''));
    expect(una?.parsed.subject).toBe("You're off the waitlist: Ushers at Winter Concert");
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(start);
    expect(una?.parsed.text).toContain(when);
    expect(una?.parsed.text).toContain('Hi Una Usher');
    expect(manageToken(una)).toMatch(new RegExp(`^${w1.id}-`));
    expect(una?.parsed.attachments.some((a) => a.contentType.startsWith('text/calendar'))).toBe(true);
  });

  it('gives no reminder to a waitlisted volunteer', async () => {
    const created = await admin.post<{ id: number }>('/api/signup-sheets', {
      title: 'Reminder Fair',
      eventDate: inDays(1),
      organizerName: 'Ann Lee',
      organizerEmail: 'ann@example.org',
    });
    const slotId = await addSlot(admin, created.body.id, 'Greeters', 1, new Date(Date.now() + 20 * 3_600_000));
    const confirmed = await signUp(slotId, { email: 'rita.confirmed@example.org' });
    await signUp(slotId, { email: 'walt.waiting@example.org', waitlist: true });
    await mailsMatching(() => true, 2);
    smtp.messages.length = 0;

    const sent = await admin.post<{ sent: number }>('/api/reminders/send', {
      signupSheetId: created.body.id,
      reminderType: 'day',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.sent).toBe(1);
    await server.runtime.mail.flush();
    expect(smtp.messages.flatMap((m) => m.envelopeTo)).toEqual([confirmed.email]);
    // The reminder's link manages the signup too.
    expect(manageToken(smtp.messages[0])).toMatch(new RegExp(`^${confirmed.id}-`));
  });
});

describe('manage my signup', () => {
  it('shows, moves and cancels a signup through its emailed link, promoting from the old slot', async () => {
    const created = await admin.post<{ id: number }>('/api/signup-sheets', {
      title: 'Move Fair',
      eventDate: inDays(9),
      organizerName: 'Ann Lee',
      organizerEmail: 'ann@example.org',
    });
    const sheetId = created.body.id;
    const start = new Date(Date.parse(inDays(9)));
    const from = await addSlot(admin, sheetId, 'Morning', 1, start);
    const target = await addSlot(admin, sheetId, 'Afternoon', 2, new Date(start.getTime() + 4 * 3_600_000));
    const fullSlot = await addSlot(admin, sheetId, 'Evening', 1, new Date(start.getTime() + 8 * 3_600_000));
    const elsewhere = await createSheetWithSlot(admin, 5, { title: 'Other Fair' });
    const mover = await signUp(from, { name: 'Max Mover', email: 'max@example.org' });
    const waiting = await signUp(from, { email: 'will@example.org', waitlist: true });
    await signUp(fullSlot);
    const [confirmation] = await mailsMatching(to('max@example.org'), 1);
    expect(confirmation?.parsed.text).not.toContain('/cancel-signup/');
    const token = manageToken(confirmation);
    const anon = new ApiClient(server.url);

    const info = await anon.get<{
      id: number;
      name: string;
      status: string;
      slot: { id: number; title: string };
      sheet: { id: number; title: string };
      otherSlots: { id: number; spotsLeft: number }[];
    }>(`/api/my-signup?token=${token}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      id: mover.id,
      name: 'Max Mover',
      status: 'confirmed',
      slot: { id: from, title: 'Morning' },
      sheet: { id: sheetId, title: 'Move Fair' },
    });
    expect(info.body.otherSlots.map((s) => [s.id, s.spotsLeft])).toEqual([[target, 2]]);
    // The link was mailed to the volunteer: its page shows what they may correct there.
    expect(info.body).toMatchObject({ phone: '555-0100' });

    // Refused, and nothing changes: a full slot, another sheet's slot, a bad token.
    const before = inSignupOrder(from);
    const onFull = await anon.post('/api/my-signup/move', { token, slotId: fullSlot });
    expect(onFull.status).toBe(409);
    expect(onFull.body).toMatchObject({ message: 'This volunteer slot is full' });
    const onOther = await anon.post('/api/my-signup/move', { token, slotId: elsewhere.slotId });
    expect(onOther.status).toBe(400);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [forged, 'not-a-token', `${waiting.id}${token.slice(token.indexOf('-'))}`]) {
      const moved = await anon.post('/api/my-signup/move', { token: bad, slotId: target });
      expect(moved.status).toBe(403);
      expect(moved.body).toMatchObject({ message: 'This link is not valid' });
      expect((await anon.get(`/api/my-signup?token=${encodeURIComponent(bad)}`)).status).toBe(403);
      expect((await anon.delete(`/api/my-signup?token=${encodeURIComponent(bad)}`)).status).toBe(403);
    }
    expect((await anon.get('/api/my-signup')).status).toBe(403);
    expect((await anon.post('/api/my-signup/move', { token, slotId: 'abc' })).status).toBe(400);
    expect(inSignupOrder(from)).toEqual(before);
    expectCapacityHolds(target, 0, 0);

    // The move: the volunteer lands on the target, and the waitlisted parent takes the old spot.
    const moved = await anon.post<{ id: number; slotId: number; status: string }>('/api/my-signup/move', {
      token,
      slotId: target,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: mover.id, slotId: target, status: 'confirmed' });
    expectCapacityHolds(from, 1, 0);
    expectCapacityHolds(target, 1, 0);
    expect(inSignupOrder(from).map((v) => v.id)).toEqual([waiting.id]);
    const [promotion] = await mailsMatching((m) => isPromotion(m) && to('will@example.org')(m), 1);
    expect(promotion?.parsed.subject).toBe("You're off the waitlist: Morning at Move Fair");
    // The mover gets a fresh confirmation for the new slot.
    const fresh = await mailsMatching(
      (m) => to('max@example.org')(m) && (m.parsed.text ?? '').includes('Afternoon'),
      1,
    );
    expect(fresh).toHaveLength(1);

    // The link still manages the signup where it is now, and cancels it.
    const now = await anon.get<{ slot: { id: number } }>(`/api/my-signup?token=${token}`);
    expect(now.body.slot.id).toBe(target);
    const cancelled = await anon.delete(`/api/my-signup?token=${token}`);
    expect(cancelled.status).toBe(204);
    expectCapacityHolds(target, 0, 0);
    expect((await anon.get(`/api/my-signup?token=${token}`)).status).toBe(404);
  });
});
