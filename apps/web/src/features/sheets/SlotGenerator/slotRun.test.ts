import { instantAt, schoolClockOf, type WallTime } from '@pac/validators/page-data';
import { describe, expect, it } from 'vitest';
import { i18nFor } from '@pac/i18n/server';
import { schoolDate } from '../../../../test/schoolTime';
import {
  addedSlotsText,
  addSlotsLabel,
  generateSlotRun,
  onSchoolClock,
  type SlotRun,
  slotRunMessages,
  slotRunSummary,
  slotRunTimeText,
} from './slotRun';

const i18n = i18nFor('en');

/** A zone's clock as the server would send it, to read wall times on. */
const clockOf = (timeZone: string) => {
  const clock = schoolClockOf(timeZone, new Date('2026-01-01T00:00:00Z'));
  return (wall: WallTime) => instantAt(clock, wall);
};
const toronto = clockOf('America/Toronto');

const iso = (run: SlotRun) => run.slots.map((s) => [s.startTime.toISOString(), s.endTime.toISOString()]);
/** The run as the preview writes it, on the tests' school clock (Vancouver). */
const texts = (run: SlotRun) => run.slots.map((slot) => slotRunTimeText(slot, 'en'));

describe('generateSlotRun', () => {
  it('makes a run of 8 half-hour slots from 8:00 to 12:00 on the school’s clock', () => {
    const run = generateSlotRun(
      i18n,
      { day: '2031-05-03', from: '08:00', to: '12:00', everyMinutes: 30 },
      onSchoolClock,
    );
    expect(run.errors).toBeNull();
    expect(run.slots).toHaveLength(8);
    expect(run.slots[0]).toEqual({ startTime: schoolDate(2031, 4, 3, 8, 0), endTime: schoolDate(2031, 4, 3, 8, 30) });
    expect(run.slots.at(-1)).toEqual({
      startTime: schoolDate(2031, 4, 3, 11, 30),
      endTime: schoolDate(2031, 4, 3, 12, 0),
    });
    // Vancouver is on UTC-7 in May: 8:00 there is 15:00 UTC, whatever the browser's zone (Tokyo here).
    expect(run.slots[0]?.startTime.toISOString()).toBe('2031-05-03T15:00:00.000Z');
    expect(slotRunSummary(i18n, run.slots, 'en')).toBe(
      '8 slots: 8:00 AM–8:30 AM, 8:30 AM–9:00 AM, …, 11:30 AM–12:00 PM',
    );
    expect(texts(run)).toEqual([
      '8:00 AM–8:30 AM',
      '8:30 AM–9:00 AM',
      '9:00 AM–9:30 AM',
      '9:30 AM–10:00 AM',
      '10:00 AM–10:30 AM',
      '10:30 AM–11:00 AM',
      '11:00 AM–11:30 AM',
      '11:30 AM–12:00 PM',
    ]);
  });

  it('ends the last slot at or before To, leaving out what is too short for a slot', () => {
    const run = generateSlotRun(
      i18n,
      { day: '2031-05-03', from: '08:00', to: '10:00', everyMinutes: '45' },
      onSchoolClock,
    );
    expect(texts(run)).toEqual(['8:00 AM–8:45 AM', '8:45 AM–9:30 AM']);
    expect(slotRunSummary(i18n, run.slots, 'en')).toBe('2 slots: 8:00 AM–8:45 AM, 8:45 AM–9:30 AM');
    const one = generateSlotRun(
      i18n,
      { day: '2031-05-03', from: '13:00', to: '15:59', everyMinutes: 120 },
      onSchoolClock,
    );
    expect(texts(one)).toEqual(['1:00 PM–3:00 PM']);
    expect(slotRunSummary(i18n, one.slots, 'en')).toBe('1 slot: 1:00 PM–3:00 PM');
  });

  it('refuses a To not after From, on To', () => {
    for (const to of ['07:00', '08:00']) {
      expect(generateSlotRun(i18n, { day: '2031-05-03', from: '08:00', to, everyMinutes: 30 }, onSchoolClock)).toEqual({
        slots: [],
        errors: { to: slotRunMessages.toAfterFrom },
      });
    }
    expect(slotRunMessages.toAfterFrom).toBe('To must be after From');
  });

  it('refuses an interval of zero, below zero, not whole or missing, on Every', () => {
    for (const everyMinutes of [0, -15, 2.5, '', 'abc']) {
      const run = generateSlotRun(i18n, { day: '2031-05-03', from: '08:00', to: '12:00', everyMinutes }, onSchoolClock);
      expect(run).toEqual({ slots: [], errors: { everyMinutes: slotRunMessages.everyMinutes } });
    }
  });

  it('says when no slot fits between From and To', () => {
    const run = generateSlotRun(
      i18n,
      { day: '2031-05-03', from: '08:00', to: '08:20', everyMinutes: 30 },
      onSchoolClock,
    );
    expect(run).toEqual({ slots: [], errors: { everyMinutes: 'No 30-minute slot fits between From and To' } });
  });

  it('adds at most 100 slots at once, the server’s limit and message', () => {
    const hundred = generateSlotRun(
      i18n,
      { day: '2031-05-03', from: '01:00', to: '09:20', everyMinutes: 5 },
      onSchoolClock,
    );
    expect(hundred.slots).toHaveLength(100);
    const more = generateSlotRun(
      i18n,
      { day: '2031-05-03', from: '01:00', to: '09:25', everyMinutes: 5 },
      onSchoolClock,
    );
    expect(more).toEqual({ slots: [], errors: { everyMinutes: 'You can add at most 100 slots at once' } });
    const wholeDay = generateSlotRun(
      i18n,
      { day: '2031-05-03', from: '00:00', to: '23:59', everyMinutes: 1 },
      onSchoolClock,
    );
    expect(wholeDay.errors).toEqual({ everyMinutes: 'You can add at most 100 slots at once' });
  });

  it('needs a day, a From and a To', () => {
    expect(generateSlotRun(i18n, { day: '', from: '', to: '', everyMinutes: 30 }, onSchoolClock)).toEqual({
      slots: [],
      errors: { day: 'Day is required', from: 'From is required', to: 'To is required' },
    });
    expect(
      generateSlotRun(i18n, { day: '2031-02-30', from: '25:00', to: '12:00', everyMinutes: 30 }, onSchoolClock).errors,
    ).toEqual({ day: 'Day is required', from: 'From is required' });
  });

  it('keeps wall times on a spring-forward day in Vancouver (8 March 2026): 8:00 AM is 8:00 AM PDT', () => {
    const run = generateSlotRun(
      i18n,
      { day: '2026-03-08', from: '08:00', to: '12:00', everyMinutes: 30 },
      onSchoolClock,
    );
    expect(run.slots).toHaveLength(8);
    expect(run.slots[0]?.startTime.toISOString()).toBe('2026-03-08T15:00:00.000Z');
    expect(texts(run)[0]).toBe('8:00 AM–8:30 AM');
    // The day before, still on PST, the same wall time is an hour later in UTC.
    const dayBefore = generateSlotRun(
      i18n,
      { day: '2026-03-07', from: '08:00', to: '09:00', everyMinutes: 60 },
      onSchoolClock,
    );
    expect(iso(dayBefore)).toEqual([['2026-03-07T16:00:00.000Z', '2026-03-07T17:00:00.000Z']]);
  });

  it('runs across the skipped hour in Vancouver (2:00 AM, 8 March 2026) without an overlap or a gap', () => {
    const run = generateSlotRun(
      i18n,
      { day: '2026-03-08', from: '00:00', to: '05:00', everyMinutes: 60 },
      onSchoolClock,
    );
    expect(texts(run)).toEqual(['12:00 AM–1:00 AM', '1:00 AM–3:00 AM', '3:00 AM–4:00 AM', '4:00 AM–5:00 AM']);
    expect(iso(run)).toEqual([
      ['2026-03-08T08:00:00.000Z', '2026-03-08T09:00:00.000Z'],
      ['2026-03-08T09:00:00.000Z', '2026-03-08T10:00:00.000Z'],
      ['2026-03-08T10:00:00.000Z', '2026-03-08T11:00:00.000Z'],
      ['2026-03-08T11:00:00.000Z', '2026-03-08T12:00:00.000Z'],
    ]);
  });

  it('reads the run in another school’s zone: Toronto’s spring-forward day (10 March 2030)', () => {
    const morning = generateSlotRun(i18n, { day: '2030-03-10', from: '08:00', to: '09:00', everyMinutes: 30 }, toronto);
    // EDT, UTC-4, from 2:00 AM that night.
    expect(iso(morning)).toEqual([
      ['2030-03-10T12:00:00.000Z', '2030-03-10T12:30:00.000Z'],
      ['2030-03-10T12:30:00.000Z', '2030-03-10T13:00:00.000Z'],
    ]);

    // 2:00 and 2:30 AM do not exist: their slots are left out, 1:30 runs until 3:00 (half an hour).
    const night = generateSlotRun(i18n, { day: '2030-03-10', from: '01:00', to: '04:00', everyMinutes: 30 }, toronto);
    expect(iso(night)).toEqual([
      ['2030-03-10T06:00:00.000Z', '2030-03-10T06:30:00.000Z'],
      ['2030-03-10T06:30:00.000Z', '2030-03-10T07:00:00.000Z'],
      ['2030-03-10T07:00:00.000Z', '2030-03-10T07:30:00.000Z'],
      ['2030-03-10T07:30:00.000Z', '2030-03-10T08:00:00.000Z'],
    ]);

    // A slot ending in the gap (2:30) ends as long after its start as it should (3:30 EDT); the next
    // one starts there, not before.
    const long = generateSlotRun(i18n, { day: '2030-03-10', from: '01:00', to: '05:30', everyMinutes: 90 }, toronto);
    expect(iso(long)).toEqual([
      ['2030-03-10T06:00:00.000Z', '2030-03-10T07:30:00.000Z'],
      ['2030-03-10T07:30:00.000Z', '2030-03-10T08:00:00.000Z'],
      ['2030-03-10T08:00:00.000Z', '2030-03-10T09:30:00.000Z'],
    ]);
  });

  it('reads a wall time Toronto shows twice (1:00 AM, 3 November 2030) as its first', () => {
    const run = generateSlotRun(i18n, { day: '2030-11-03', from: '00:00', to: '03:00', everyMinutes: 60 }, toronto);
    expect(iso(run)).toEqual([
      ['2030-11-03T04:00:00.000Z', '2030-11-03T05:00:00.000Z'],
      // 1:00 EDT until 2:00 EST: the repeated hour belongs to this slot.
      ['2030-11-03T05:00:00.000Z', '2030-11-03T07:00:00.000Z'],
      ['2030-11-03T07:00:00.000Z', '2030-11-03T08:00:00.000Z'],
    ]);
  });
});

describe('the generator’s words', () => {
  it("counts slots on the button and in the toast: 'Add 8 slots', 'Added 8 slots'", () => {
    expect(addSlotsLabel(i18n, 8)).toBe('Add 8 slots');
    expect(addSlotsLabel(i18n, 1)).toBe('Add 1 slot');
    expect(addSlotsLabel(i18n, 0)).toBe('Add slots');
    expect(addedSlotsText(i18n, 8, 'Spring Fair')).toBe('Added 8 slots to Spring Fair.');
    expect(addedSlotsText(i18n, 1, 'Spring Fair')).toBe('Added 1 slot to Spring Fair.');
  });
});
