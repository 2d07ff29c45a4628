import { sheetMessages, type VolunteerStatus, volunteers } from '@pac/db';
import type { MailMessage } from '@pac/notify';
import { maxSheetMessagesPerDay, sheetMessageMessages } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../context';
import { suppress } from '../email/budget';
import type { Sender } from '../email/mailRuntime';
import { errorDetails } from '../lib/errors';
import type { Runtime } from '../runtime';
import { deleteSetting, setSetting } from '../settings/service';
import {
  anonymousCaller,
  type Caller,
  callerFor,
  createTestDb,
  insertAdmin,
  insertUser,
  sheetInput,
  type TestDb,
  testRuntime,
} from '../../test/db';
import { codeOf, refusal } from '../../test/refusal';

let t: TestDb;
let runtime: Runtime;
let owner: SessionUser;
let asAdmin: Caller;
let asOwner: Caller;
let asOther: Caller;
let asMember: Caller;
/** The runtime's clock: 11:00 on Saturday, April 20, 2030 in Vancouver (PDT, UTC-7). */
let clock = new Date('2030-04-20T18:00:00.000Z');
/** Every message handed to the mail pool, in order. */
const sent: MailMessage[] = [];

beforeAll(async () => {
  t = createTestDb();
  runtime = testRuntime(t.db, undefined, { now: () => clock });
  vi.spyOn(runtime.mail, 'send').mockImplementation((_sender: Sender, message: MailMessage) => {
    sent.push(message);
    return Promise.resolve();
  });
  setSetting(t.db, 'senderEmail', 'pac.sender@example.org');
  setSetting(t.db, 'senderPassword', 'abcdefghijklmnop');
  const admin = await insertAdmin(t.db);
  owner = await insertUser(t.db, { role: 'organizer', name: 'Olu Owner' });
  const other = await insertUser(t.db, { role: 'organizer', name: 'Oda Other' });
  const member = await insertUser(t.db, { role: 'member' });
  asAdmin = callerFor(t.db, admin, { runtime });
  asOwner = callerFor(t.db, owner, { runtime });
  asOther = callerFor(t.db, other, { runtime });
  asMember = callerFor(t.db, member, { runtime });
});
afterAll(async () => {
  await runtime.mail.flush();
  t.cleanup();
});
beforeEach(async () => {
  await runtime.mail.flush();
  sent.length = 0;
  clock = new Date('2030-04-20T18:00:00.000Z');
});

/** A signup written directly: messages do not care how it was made, and no confirmation is mailed. */
function signUp(slotId: number, name: string, email: string, status: VolunteerStatus = 'confirmed'): number {
  return t.db.insert(volunteers).values({ slotId, name, email, phone: '555-0100', status }).returning().get().id;
}

/**
 * The owner's sheet with two slots: Setup holds Casey and Bo, Cleanup holds Casey again (as
 * casey.N+pta@, the same mailbox) and Dee, with Eli waiting on its waitlist.
 */
async function scene(title = 'Spring Fair') {
  const sheet = await asOwner.sheets.create({ ...sheetInput({ title }), organizerEmail: 'olu.owner@example.org' });
  const setup = await asOwner.slots.create({ signupSheetId: sheet.id, title: 'Setup', maxVolunteers: 5 });
  const cleanup = await asOwner.slots.create({ signupSheetId: sheet.id, title: 'Cleanup', maxVolunteers: 2 });
  const n = sheet.id;
  const people = {
    casey: `casey.${n}@example.org`,
    bo: `bo.${n}@example.org`,
    dee: `dee.${n}@example.org`,
    eli: `eli.${n}@example.org`,
  };
  signUp(setup.id, 'Casey Cole', people.casey);
  signUp(setup.id, 'Bo Brown', people.bo);
  signUp(cleanup.id, 'Casey Cole', `casey.${n}+pta@example.org`);
  signUp(cleanup.id, 'Dee Dunn', people.dee);
  signUp(cleanup.id, 'Eli Ely', people.eli, 'waitlisted');
  return { sheetId: sheet.id, setupId: setup.id, cleanupId: cleanup.id, people };
}

const message = (signupSheetId: number, extra: { slotId?: number; includeWaitlisted?: boolean } = {}) => ({
  signupSheetId,
  subject: 'Parking on Saturday',
  body: 'Please park behind the gym.\nThe front lot is closed.',
  ...extra,
});

/** The addresses the mail pool was handed, once the background sends have finished. */
async function mailedTo(): Promise<string[]> {
  await runtime.mail.flush();
  return sent.map((m) => (Array.isArray(m.to) ? m.to.join(',') : m.to)).sort();
}

function logRows(sheetId: number) {
  return t.db.select().from(sheetMessages).where(eq(sheetMessages.signupSheetId, sheetId)).all();
}

describe('who a message reaches', () => {
  it('the whole sheet: its confirmed volunteers, one copy per mailbox', async () => {
    const { sheetId } = await scene();
    await expect(asOwner.messages.recipients({ signupSheetId: sheetId })).resolves.toEqual({
      recipients: 3,
      messagesLeftToday: maxSheetMessagesPerDay,
    });
    await expect(asOwner.messages.send(message(sheetId))).resolves.toEqual({ recipients: 3 });
    const to = await mailedTo();
    // Casey is on both slots (once as casey+pta@): one copy, to the first signup's address.
    expect(to).toHaveLength(3);
    expect(to.filter((address) => address.startsWith('casey'))).toHaveLength(1);
    expect(to.some((address) => address.startsWith('eli'))).toBe(false);
  });

  it('with the waitlist: the waitlisted volunteers too', async () => {
    const { sheetId, people } = await scene();
    await expect(
      asOwner.messages.recipients({ signupSheetId: sheetId, includeWaitlisted: true }),
    ).resolves.toMatchObject({ recipients: 4 });
    await expect(asOwner.messages.send(message(sheetId, { includeWaitlisted: true }))).resolves.toEqual({
      recipients: 4,
    });
    expect(await mailedTo()).toContain(people.eli);
  });

  it("one slot: that slot's volunteers only, with its waitlist when asked", async () => {
    const { sheetId, cleanupId, setupId, people } = await scene();
    const recipients = (slotId: number, includeWaitlisted = false) =>
      asOwner.messages.recipients({ signupSheetId: sheetId, slotId, includeWaitlisted });
    await expect(recipients(setupId)).resolves.toMatchObject({ recipients: 2 });
    await expect(recipients(cleanupId)).resolves.toMatchObject({ recipients: 2 });
    await expect(recipients(cleanupId, true)).resolves.toMatchObject({ recipients: 3 });

    await expect(asOwner.messages.send(message(sheetId, { slotId: setupId }))).resolves.toEqual({ recipients: 2 });
    expect(await mailedTo()).toEqual([people.bo, people.casey].sort());
    expect(logRows(sheetId)).toEqual([
      expect.objectContaining({ slotId: setupId, slotTitle: 'Setup', recipients: 2, includeWaitlisted: false }),
    ]);
  });

  it('leaves out a mailbox that unsubscribed, and does not count it', async () => {
    const { sheetId, people } = await scene();
    // Unsubscribed as CASEY+news@: the same mailbox as both of Casey's signups.
    suppress(t.db, people.casey.replace('@', '+news@').toUpperCase());
    await expect(asOwner.messages.recipients({ signupSheetId: sheetId })).resolves.toMatchObject({ recipients: 2 });
    await expect(asOwner.messages.send(message(sheetId))).resolves.toEqual({ recipients: 2 });
    const to = await mailedTo();
    expect(to).toEqual([people.bo, people.dee].sort());
    expect(logRows(sheetId)[0]?.recipients).toBe(2);
  });

  it('refuses a slot of another sheet (400) and a missing sheet (404)', async () => {
    const { sheetId } = await scene();
    const elsewhere = await scene('Other Fair');
    await expect(
      refusal(asOwner.messages.recipients({ signupSheetId: sheetId, slotId: elsewhere.setupId })),
    ).resolves.toEqual({
      code: 'BAD_REQUEST',
      message: sheetMessageMessages.slotNotOnSheet,
      reason: 'slotNotOnSheet',
      field: 'slotId',
    });
    expect(await codeOf(asOwner.messages.send(message(sheetId, { slotId: elsewhere.setupId })))).toBe('BAD_REQUEST');
    expect(await codeOf(asOwner.messages.send(message(999_999)))).toBe('NOT_FOUND');
    expect(logRows(sheetId)).toEqual([]);
    expect(await mailedTo()).toEqual([]);
  });

  it('answers 0 recipients for a sheet nobody has signed up for yet, and logs the message', async () => {
    const sheet = await asOwner.sheets.create(sheetInput({ title: 'Empty Fair' }));
    await expect(asOwner.messages.recipients({ signupSheetId: sheet.id })).resolves.toMatchObject({ recipients: 0 });
    await expect(asOwner.messages.send(message(sheet.id))).resolves.toEqual({ recipients: 0 });
    expect(logRows(sheet.id)).toHaveLength(1);
    await runtime.mail.flush();
    expect(await mailedTo()).toEqual([]);
  });
});

describe('each copy', () => {
  it('goes to its mailbox alone, Reply-To the organizer, with the unsubscribe headers and links', async () => {
    const { sheetId, people } = await scene();
    await asOwner.messages.send(message(sheetId));
    await runtime.mail.flush();
    expect(sent).toHaveLength(3);
    const everyone = Object.values(people);
    for (const mail of sent) {
      expect(typeof mail.to).toBe('string');
      expect(mail.replyTo).toBe('olu.owner@example.org');
      expect(mail.subject).toBe('Parking on Saturday');
      expect(mail.text).toContain('Please park behind the gym.\nThe front lot is closed.');
      expect(mail.text).toContain('From Pat Organizer, organizer of Spring Fair');
      expect(mail.text).toContain('Reply to this email to answer Pat Organizer.');
      expect(mail.headers?.['List-Unsubscribe']).toMatch(
        /^<http:\/\/localhost:3000\/api\/reminders\/unsubscribe\/\d+\?token=/,
      );
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toMatch(/http:\/\/localhost:3000\/unsubscribe\/\d+\?token=/);
      expect(mail.text).toContain(`http://localhost:3000/signup-sheet/${sheetId}`);
      // No one else's address anywhere in it.
      const whole = JSON.stringify(mail);
      for (const address of everyone.filter((a) => a !== mail.to)) expect(whole).not.toContain(address.split('@')[0]);
    }
    // Casey's one copy carries the manage links of both signups.
    const casey = sent.find((m) => m.to === people.casey);
    expect(casey?.text.match(/\/my-signup\?token=/g)).toHaveLength(2);
    expect(casey?.text).toContain('Setup: ');
    expect(casey?.text).toContain('Cleanup: ');
  });

  it('to one slot, says which', async () => {
    const { sheetId, cleanupId } = await scene();
    await asOwner.messages.send(message(sheetId, { slotId: cleanupId }));
    await runtime.mail.flush();
    expect(sent.length).toBeGreaterThan(0);
    for (const mail of sent) expect(mail.text).toContain('Sent to the volunteers of Cleanup');
  });
});

describe('who may send, list and count', () => {
  it('the owner and an administrator; another organizer is FORBIDDEN, a member too, and no session UNAUTHORIZED', async () => {
    const { sheetId } = await scene();
    await expect(asAdmin.messages.recipients({ signupSheetId: sheetId })).resolves.toMatchObject({ recipients: 3 });
    await expect(asAdmin.messages.list({ signupSheetId: sheetId })).resolves.toEqual([]);
    const anonymous = anonymousCaller(t.db, { runtime });
    for (const [caller, code] of [
      [asOther, 'FORBIDDEN'],
      [asMember, 'FORBIDDEN'],
      [anonymous, 'UNAUTHORIZED'],
    ] as const) {
      expect(await codeOf(caller.messages.send(message(sheetId)))).toBe(code);
      expect(await codeOf(caller.messages.list({ signupSheetId: sheetId }))).toBe(code);
      expect(await codeOf(caller.messages.recipients({ signupSheetId: sheetId }))).toBe(code);
    }
    expect(logRows(sheetId)).toEqual([]);
    expect(await mailedTo()).toEqual([]);
  });

  it('answers 400 with the Email Settings sentence when no sender is set up, and logs nothing', async () => {
    const { sheetId } = await scene();
    deleteSetting(t.db, 'senderPassword');
    try {
      await expect(refusal(asOwner.messages.send(message(sheetId)))).resolves.toMatchObject({
        code: 'BAD_REQUEST',
        reason: 'mailNotConfigured',
      });
    } finally {
      setSetting(t.db, 'senderPassword', 'abcdefghijklmnop');
    }
    expect(logRows(sheetId)).toEqual([]);
  });

  it('validates the subject and the message with their sentences', async () => {
    const { sheetId } = await scene();
    await expect(refusal(asOwner.messages.send({ ...message(sheetId), subject: '   ' }))).resolves.toMatchObject({
      code: 'BAD_REQUEST',
      reason: 'invalidInput',
    });
    const bad = await asOwner.messages.send({ ...message(sheetId), body: '' }).catch((error: unknown) => error);
    expect(bad).toBeInstanceOf(TRPCError);
    expect(errorDetails(bad as TRPCError)).toEqual({ reason: 'invalidInput', field: 'body' });
    expect(await codeOf(asOwner.messages.send({ ...message(sheetId), subject: 'x'.repeat(201) }))).toBe('BAD_REQUEST');
    expect(await codeOf(asOwner.messages.send({ ...message(sheetId), body: 'x'.repeat(10_001) }))).toBe('BAD_REQUEST');
  });
});

describe('the log and the daily limit', () => {
  it('lists what was sent, newest first, by whom', async () => {
    const { sheetId, setupId } = await scene();
    await asOwner.messages.send({ ...message(sheetId), subject: 'First' });
    clock = new Date(clock.getTime() + 60_000);
    await asOwner.messages.send({
      ...message(sheetId, { slotId: setupId, includeWaitlisted: true }),
      subject: 'Second',
    });
    const list = await asOwner.messages.list({ signupSheetId: sheetId });
    expect(list.map((m) => typeof m.id)).toEqual(['number', 'number']);
    expect(list).toEqual([
      {
        id: list[0]?.id,
        sentAt: clock,
        sentByName: 'Olu Owner',
        subject: 'Second',
        body: message(sheetId).body,
        slotId: setupId,
        slotTitle: 'Setup',
        includeWaitlisted: true,
        recipients: 2,
      },
      expect.objectContaining({ subject: 'First', slotId: null, slotTitle: null, recipients: 3 }),
    ]);
  });

  it(`the ${maxSheetMessagesPerDay + 1}th message of the school day is TOO_MANY_REQUESTS and nothing is logged or sent`, async () => {
    const { sheetId } = await scene();
    for (let i = 0; i < maxSheetMessagesPerDay; i += 1) {
      await expect(asOwner.messages.send({ ...message(sheetId), subject: `Message ${i + 1}` })).resolves.toEqual({
        recipients: 3,
      });
    }
    await expect(asOwner.messages.recipients({ signupSheetId: sheetId })).resolves.toMatchObject({
      messagesLeftToday: 0,
    });
    await runtime.mail.flush();
    sent.length = 0;
    // 23:30 the same evening in Vancouver (06:30 the next day in UTC): still the same school day.
    clock = new Date('2030-04-21T06:30:00.000Z');
    await expect(refusal(asOwner.messages.send(message(sheetId)))).resolves.toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: sheetMessageMessages.tooManyMessages,
      reason: 'tooManyMessages',
    });
    expect(logRows(sheetId)).toHaveLength(maxSheetMessagesPerDay);
    expect(await mailedTo()).toEqual([]);
    // Another sheet has its own five.
    const other = await scene('Other Fair');
    await expect(asOwner.messages.send(message(other.sheetId))).resolves.toEqual({ recipients: 3 });
    // Past midnight in Vancouver: a new school day.
    clock = new Date('2030-04-21T07:30:00.000Z');
    await expect(asOwner.messages.send(message(sheetId))).resolves.toEqual({ recipients: 3 });
    expect(logRows(sheetId)).toHaveLength(maxSheetMessagesPerDay + 1);
  });

  it('holds at exactly 5 under 20 parallel sends', async () => {
    const { sheetId } = await scene();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => asOwner.messages.send({ ...message(sheetId), subject: `Burst ${i}` })),
    );
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter(
      (r): r is PromiseRejectedResult =>
        r.status === 'rejected' && r.reason instanceof TRPCError && r.reason.code === 'TOO_MANY_REQUESTS',
    );
    expect(fulfilled).toHaveLength(maxSheetMessagesPerDay);
    expect(refused).toHaveLength(20 - maxSheetMessagesPerDay);
    expect(logRows(sheetId)).toHaveLength(maxSheetMessagesPerDay);
    expect(await mailedTo()).toHaveLength(maxSheetMessagesPerDay * 3);
  });
});
