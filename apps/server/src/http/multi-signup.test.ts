import ICAL from 'ical.js';
import { openDatabase } from '@pac/db';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, inDays, startTestServer, type TestServer } from '../../test/support/harness';
import { smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';

/**
 * API.md "Signing up for several slots, questions and items" over REST, against the real server,
 * a real SQLite file and a real SMTP server: a signup of several slots is all or nothing under a
 * race, one confirmation email lists every slot with one calendar attachment of an event per slot,
 * cancelling and moving are emailed, the manage link corrects a signup, and the CSV carries the
 * answers and quantities.
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
beforeEach(() => {
  smtp.messages.length = 0;
});
afterEach(() => server.runtime.mail.flush());

interface CreatedSignup {
  id: number;
  slotId: number;
  email: string;
  status: 'confirmed' | 'waitlisted';
  quantity: number;
  manageToken: string;
}

async function newSheet(extra: Record<string, unknown> = {}): Promise<{ id: number; questions: { id: string }[] }> {
  const res = await admin.post<{ id: number; questions: { id: string }[] }>('/api/signup-sheets', {
    title: 'Winter Fair',
    description: 'Crafts and cocoa',
    eventDate: inDays(12),
    organizerName: 'Ann Lee',
    organizerEmail: 'ann@example.org',
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function newSlots(sheetId: number, count: number, maxVolunteers: number, extra: Record<string, unknown> = {}) {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = new Date(Date.parse(inDays(12)) + i * 3_600_000);
    const res = await admin.post<{ id: number }>('/api/volunteer-slots', {
      signupSheetId: sheetId,
      title: `Shift ${i + 1}`,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3_600_000).toISOString(),
      maxVolunteers,
      ...extra,
    });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  return ids;
}

let counter = 0;
function person(extra: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Parent ${counter}`,
    email: `multi-${counter}@example.org`,
    phone: '555-0100',
    emailConsent: true,
    ...extra,
  };
}

function slotCounts(slotIds: number[]) {
  const handle = openDatabase(server.databasePath);
  try {
    return slotIds.map(
      (id) =>
        handle.sqlite
          .prepare(
            `SELECT s.current_volunteers AS current, s.max_volunteers AS max,
                    (SELECT coalesce(sum(quantity), 0) FROM volunteers v WHERE v.slot_id = s.id AND v.status = 'confirmed') AS counted
               FROM volunteer_slots s WHERE s.id = ?`,
          )
          .get(id) as { current: number; max: number; counted: number },
    );
  } finally {
    handle.close();
  }
}

function rowsByEmail(email: string): { slot_id: number }[] {
  const handle = openDatabase(server.databasePath);
  try {
    return handle.sqlite.prepare('SELECT slot_id FROM volunteers WHERE email = ? ORDER BY slot_id').all(email) as {
      slot_id: number;
    }[];
  } finally {
    handle.close();
  }
}

describe('a signup of several slots under a race', () => {
  it('never overbooks a slot, and each of 30 parallel signups is saved whole or not at all', async () => {
    const sheet = await newSheet();
    const slots = await newSlots(sheet.id, 6, 3);
    // Each asks for three neighbouring slots of six, so every slot is wanted by fifteen requests.
    const requests = Array.from({ length: 30 }, (_, i) => {
      const wanted = [0, 1, 2].map((k) => slots[(i + k) % slots.length] as number);
      return { wanted, body: { ...person(), slotIds: wanted } };
    });
    const answers = await Promise.all(
      requests.map((r) =>
        new ApiClient(server.url).post<{ volunteers?: CreatedSignup[]; slotId?: number; message?: string }>(
          '/api/volunteers',
          r.body,
        ),
      ),
    );
    let saved = 0;
    answers.forEach((res, i) => {
      const request = requests[i];
      if (!request) throw new Error('no request');
      const rows = rowsByEmail(request.body.email).map((r) => r.slot_id);
      if (res.status === 201) {
        saved += 1;
        expect(res.body.volunteers?.map((v) => v.slotId).sort((a, b) => a - b)).toEqual(
          [...request.wanted].sort((a, b) => a - b),
        );
        expect(rows).toEqual([...request.wanted].sort((a, b) => a - b));
      } else {
        expect(res.status).toBe(409);
        expect(res.body.message).toBe('This volunteer slot is full');
        expect(request.wanted).toContain(res.body.slotId);
        expect(rows).toEqual([]);
      }
    });
    expect(saved).toBeGreaterThan(0);
    for (const count of slotCounts(slots)) {
      expect(count.current).toBeLessThanOrEqual(count.max);
      expect(count.current).toBe(count.counted);
    }
  });
});

describe('one confirmation for every slot', () => {
  it('emails one message listing the slots, with one calendar of an event per slot', async () => {
    const sheet = await newSheet({ title: 'Spring Carnival' });
    const slots = await newSlots(sheet.id, 3, 4);
    const body = { ...person({ name: 'Rosa Diaz' }), slotIds: slots };
    const res = await new ApiClient(server.url).post<{ volunteers: CreatedSignup[]; confirmationEmail: boolean }>(
      '/api/volunteers',
      body,
    );
    expect(res.status).toBe(201);
    expect(res.body.confirmationEmail).toBe(true);
    expect(res.body.volunteers).toHaveLength(3);
    await server.runtime.mail.flush();
    const mails = smtp.messages.filter((m) => m.envelopeTo.includes(body.email));
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    if (!mail) throw new Error('no mail');
    expect(mail.parsed.subject).toBe("You're signed up for 3 slots: Spring Carnival");
    for (const title of ['Shift 1', 'Shift 2', 'Shift 3']) expect(mail.parsed.text).toContain(title);
    expect(mail.parsed.text?.match(/Change or cancel: http:\/\/pac\.test\/my-signup\?token=/g)).toHaveLength(3);
    const ics = mail.parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    if (!ics) throw new Error('no calendar attachment');
    const calendar = ICAL.Component.fromString(ics.content.toString('utf8'));
    const events = calendar.getAllSubcomponents('vevent');
    expect(events.map((e) => e.getFirstPropertyValue('summary'))).toEqual([
      'Spring Carnival: Shift 1',
      'Spring Carnival: Shift 2',
      'Spring Carnival: Shift 3',
    ]);
    expect(new Set(events.map((e) => e.getFirstPropertyValue('uid'))).size).toBe(3);
  });

  it('counts a signup of several slots once toward the address limit', async () => {
    const limited = await startTestServer({ env: { SIGNUP_RATE_LIMIT: '2' } });
    try {
      const organizer = new ApiClient(limited.url);
      await organizer.login(adminCredentials.email, adminCredentials.password);
      const sheet = await organizer.post<{ id: number }>('/api/signup-sheets', {
        title: 'Limited',
        eventDate: inDays(5),
        organizerName: 'Ann Lee',
        organizerEmail: 'ann@example.org',
      });
      const ids: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const slot = await organizer.post<{ id: number }>('/api/volunteer-slots', {
          signupSheetId: sheet.body.id,
          title: `Job ${i}`,
          maxVolunteers: 10,
        });
        ids.push(slot.body.id);
      }
      const anyone = new ApiClient(limited.url);
      expect((await anyone.post('/api/volunteers', { ...person(), slotIds: ids })).status).toBe(201);
      expect((await anyone.post('/api/volunteers', { ...person(), slotIds: ids })).status).toBe(201);
      const third = await anyone.post('/api/volunteers', { ...person(), slotIds: ids });
      expect(third.status).toBe(429);
      expect(third.body.message).toBe('Too many signups from this network. Please try again later.');
    } finally {
      await limited.stop();
    }
  });
});

describe('after the signup', () => {
  it('emails a cancellation, and a move names the slot it replaces', async () => {
    const sheet = await newSheet({ title: 'Book Fair' });
    const [first, second] = (await newSlots(sheet.id, 2, 3)) as [number, number];
    const anyone = new ApiClient(server.url);
    const body = { ...person({ name: 'Mo Salah' }), slotId: first };
    const made = await anyone.post<CreatedSignup>('/api/volunteers', body);
    expect(made.status).toBe(201);
    const token = made.body.manageToken;
    await server.runtime.mail.flush();
    smtp.messages.length = 0;

    const moved = await anyone.post('/api/my-signup/move', { token, slotId: second });
    expect(moved.status).toBe(200);
    await server.runtime.mail.flush();
    const [moveMail] = smtp.messages.filter((m) => m.envelopeTo.includes(body.email));
    expect(moveMail?.parsed.subject).toBe('Your signup has moved: Shift 2 – Book Fair');
    expect(moveMail?.parsed.text).toMatch(/This replaces your signup for Shift 1 \(/);
    smtp.messages.length = 0;

    const cancelled = await anyone.delete(`/api/my-signup?token=${encodeURIComponent(token)}`);
    expect(cancelled.status).toBe(204);
    await server.runtime.mail.flush();
    const [cancelMail] = smtp.messages.filter((m) => m.envelopeTo.includes(body.email));
    expect(cancelMail?.parsed.subject).toBe('Signup cancelled: Shift 2 – Book Fair');
    expect(cancelMail?.parsed.text).toContain('Your signup is cancelled');
  });

  it('emails the volunteer an organizer removed, saying who', async () => {
    const sheet = await newSheet({ title: 'Sports Day' });
    const [slot] = (await newSlots(sheet.id, 1, 3)) as [number];
    const body = { ...person(), slotId: slot };
    const made = await new ApiClient(server.url).post<CreatedSignup>('/api/volunteers', body);
    await server.runtime.mail.flush();
    smtp.messages.length = 0;
    expect((await admin.delete(`/api/volunteers/${made.body.id}`)).status).toBe(204);
    await server.runtime.mail.flush();
    const [mail] = smtp.messages.filter((m) => m.envelopeTo.includes(body.email));
    expect(mail?.parsed.text).toContain('Ann Lee has removed you from this volunteer slot');
  });

  it('lets the manage link correct name, phone, notes and answers, checked as at signup', async () => {
    const sheet = await newSheet({
      title: 'Picnic',
      questions: [{ label: 'Dietary needs', kind: 'text', required: true }],
    });
    const questionId = sheet.questions[0]?.id ?? '';
    const [slot] = (await newSlots(sheet.id, 1, 3)) as [number];
    const anyone = new ApiClient(server.url);
    const made = await anyone.post<CreatedSignup>('/api/volunteers', {
      ...person(),
      slotId: slot,
      answers: { [questionId]: 'None' },
    });
    expect(made.status).toBe(201);
    const bad = await anyone.patch(`/api/my-signup`, { token: made.body.manageToken, answers: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Dietary needs is required');
    const good = await anyone.patch<{ name: string; phone: string; notes: string; answers: Record<string, string> }>(
      `/api/my-signup`,
      {
        token: made.body.manageToken,
        name: 'Pat Fixed',
        phone: '555-0142',
        notes: 'Late',
        answers: { [questionId]: 'Vegan' },
      },
    );
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({
      name: 'Pat Fixed',
      phone: '555-0142',
      notes: 'Late',
      answers: { [questionId]: 'Vegan' },
    });
    const forged = await anyone.patch(`/api/my-signup`, { token: `${made.body.id}-nope`, name: 'Mallory' });
    expect(forged.status).toBe(403);
  });
});

describe('answers and quantities leave only through those who may see them', () => {
  it('puts a column per question and the quantity in the CSV, and keeps answers out of the public sheet', async () => {
    const sheet = await newSheet({
      title: 'Potluck',
      questions: [
        { label: "Child's class", kind: 'text', required: true },
        { label: 'Can stay to clean up', kind: 'checkbox', required: false },
      ],
    });
    const [classId, stayId] = sheet.questions.map((q) => q.id) as [string, string];
    const [item] = (await newSlots(sheet.id, 1, 24, { kind: 'item', title: 'Cupcakes' })) as [number];
    const res = await new ApiClient(server.url).post<CreatedSignup>('/api/volunteers', {
      ...person({ name: 'Zoë Ñúñez' }),
      slotId: item,
      quantity: 12,
      answers: { [classId]: 'Ms Wong 2B', [stayId]: true },
    });
    expect(res.status).toBe(201);
    expect(res.body.quantity).toBe(12);
    const publicSheet = await new ApiClient(server.url).get(`/api/signup-sheets/${sheet.id}`);
    expect(JSON.stringify(publicSheet.body)).not.toContain('Ms Wong');
    const csv = await admin.get<string>('/api/export/volunteers');
    expect(csv.status).toBe(200);
    const [header = [], ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean)
      .map((line) => line.split(','));
    const row = rows.find((cells) => cells.includes('Zoë Ñúñez')) ?? [];
    const cell = (column: string) => row[header.indexOf(column)];
    expect(header).toEqual(expect.arrayContaining(['Quantity', "Child's class", 'Can stay to clean up']));
    expect([cell('Quantity'), cell("Child's class"), cell('Can stay to clean up')]).toEqual([
      '12',
      'Ms Wong 2B',
      'Yes',
    ]);
  });

  it('answers 409 with the slot named when one of several is full, and saves nothing', async () => {
    const sheet = await newSheet({ title: 'Concert' });
    const [open, full] = (await newSlots(sheet.id, 2, 1)) as [number, number];
    expect((await new ApiClient(server.url).post('/api/volunteers', { ...person(), slotId: full })).status).toBe(201);
    const body = { ...person(), slotIds: [open, full] };
    const res = await new ApiClient(server.url).post('/api/volunteers', body);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This volunteer slot is full', code: 'CONFLICT', slotId: full });
    expect(rowsByEmail(body.email)).toEqual([]);
  });
});
