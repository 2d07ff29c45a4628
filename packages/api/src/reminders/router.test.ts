import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../context';
import { callerFor, createTestDb, insertAdmin, type TestDb, testRuntime } from '../../test/db';
import { claimDelivery, recordReminderSent } from './service';

let t: TestDb;
let admin: SessionUser;

beforeAll(async () => {
  t = createTestDb();
  admin = await insertAdmin(t.db);
});
afterAll(() => t.cleanup());

// The runtime's clock: what "upcoming" is measured from.
const now = new Date('2030-03-04T17:00:00Z');

describe('reminders.pending: remindersSent and recipients', () => {
  it('answers when each type last went out (a Date, or null) and how many each would email now', async () => {
    const caller = callerFor(t.db, admin, { runtime: testRuntime(t.db, undefined, { now: () => now }) });
    const sheet = await caller.sheets.create({
      title: 'Science Night',
      eventDate: new Date('2030-03-06T02:00:00Z'),
      organizerName: 'Pat Organizer',
      organizerEmail: 'pat@example.org',
    });
    const slot = await caller.slots.create({
      signupSheetId: sheet.id,
      title: 'Judges',
      maxVolunteers: 5,
      startTime: new Date('2030-03-06T02:00:00Z'),
      endTime: null,
    });
    const signUp = (name: string, emailConsent: boolean) =>
      caller.volunteers.create({
        slotId: slot.id,
        name,
        email: `${name.toLowerCase()}@example.org`,
        phone: '555-0100',
        emailConsent,
      });
    const ada = await signUp('Ada', true);
    await signUp('Bo', true);
    await signUp('Cy', false);

    const fresh = (await caller.reminders.pending({ days: 1 })).signupSheets.find((s) => s.id === sheet.id);
    expect(fresh?.remindersSent).toEqual({ week: null, day: null, hour: null });
    // Cy did not agree to reminders.
    expect(fresh?.recipients).toEqual({ week: 2, day: 2, hour: 2 });

    // Ada had the day reminder; the sheet's record says when.
    const sentAt = new Date('2030-03-04T16:30:00Z');
    expect(claimDelivery(t.db, ada.id, 'day')).toBe(true);
    recordReminderSent(t.db, sheet.id, 'day', sentAt);
    // An older time recorded later (a slower send finishing second) does not move it back.
    recordReminderSent(t.db, sheet.id, 'day', new Date('2030-03-04T16:00:00Z'));

    const after = (await caller.reminders.pending({ days: 1 })).signupSheets.find((s) => s.id === sheet.id);
    expect(after?.remindersSent.day).toBeInstanceOf(Date);
    expect(after?.remindersSent).toEqual({ week: null, day: sentAt, hour: null });
    expect(after?.recipients).toEqual({ week: 2, day: 1, hour: 2 });
  });
});
