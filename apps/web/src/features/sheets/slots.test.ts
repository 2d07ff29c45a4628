import { i18nFor } from '@pac/i18n/server';
import { describe, expect, it } from 'vitest';
import {
  compareSlots,
  eventHasPassed,
  isSlotFull,
  newSlotTimes,
  previewSlots,
  promisedText,
  selectedText,
  signupsClosed,
  sortSlots,
  spotCounts,
  spotsLeftText,
  stillNeededText,
  upcomingSheets,
  volunteerCountText,
  waitlistCountText,
} from './slots';

const i18n = i18nFor('en');

const at = (iso: string) => new Date(iso);

describe('sortSlots', () => {
  it('orders by start time, puts slots without a time last, and breaks ties by title', () => {
    const slots = [
      { title: 'Zebra', startTime: null },
      { title: 'Cleanup', startTime: at('2031-05-03T15:00:00Z') },
      { title: 'Apple', startTime: null },
      { title: 'Setup', startTime: at('2031-05-03T08:00:00Z') },
      { title: 'Bake sale', startTime: at('2031-05-03T10:00:00Z') },
      { title: 'Art table', startTime: at('2031-05-03T10:00:00Z') },
    ];
    expect(sortSlots(slots).map((s) => s.title)).toEqual([
      'Setup',
      'Art table',
      'Bake sale',
      'Cleanup',
      'Apple',
      'Zebra',
    ]);
  });

  it('leaves its input untouched', () => {
    const slots = [
      { title: 'B', startTime: null },
      { title: 'A', startTime: null },
    ];
    sortSlots(slots);
    expect(slots.map((s) => s.title)).toEqual(['B', 'A']);
  });

  it('treats equal slots as equal', () => {
    const slot = { title: 'Same', startTime: at('2031-01-01T00:00:00Z') };
    expect(compareSlots(slot, { ...slot, startTime: at('2031-01-01T00:00:00Z') })).toBe(0);
  });
});

describe('spotCounts and isSlotFull', () => {
  it('sums filled spots and the open ones left', () => {
    expect(
      spotCounts([
        { currentVolunteers: 2, maxVolunteers: 5 },
        { currentVolunteers: 1, maxVolunteers: 1 },
        { currentVolunteers: 0, maxVolunteers: 3 },
      ]),
    ).toEqual({ filled: 3, open: 6 });
  });

  it('never counts negative open spots', () => {
    expect(spotCounts([{ currentVolunteers: 4, maxVolunteers: 3 }])).toEqual({ filled: 4, open: 0 });
    expect(spotCounts([])).toEqual({ filled: 0, open: 0 });
  });

  it('calls a slot full when its volunteers reach the maximum', () => {
    expect(isSlotFull({ currentVolunteers: 2, maxVolunteers: 3 })).toBe(false);
    expect(isSlotFull({ currentVolunteers: 3, maxVolunteers: 3 })).toBe(true);
    expect(isSlotFull({ currentVolunteers: 4, maxVolunteers: 3 })).toBe(true);
  });
});

describe('upcomingSheets', () => {
  const now = at('2031-01-10T12:00:00Z');
  const sheet = (id: number, iso: string) => ({ id, eventDate: at(iso) });

  it('keeps events later than now, soonest first, at most 4', () => {
    const sheets = [
      sheet(1, '2031-03-01T00:00:00Z'),
      sheet(2, '2031-01-09T00:00:00Z'),
      sheet(3, '2031-01-11T00:00:00Z'),
      sheet(4, '2031-02-01T00:00:00Z'),
      sheet(5, '2031-01-10T12:00:00Z'),
      sheet(6, '2031-06-01T00:00:00Z'),
      sheet(7, '2031-01-20T00:00:00Z'),
    ];
    expect(upcomingSheets(sheets, now).map((s) => s.id)).toEqual([3, 7, 4, 1]);
  });

  it('excludes an event happening exactly now', () => {
    expect(upcomingSheets([sheet(1, '2031-01-10T12:00:00Z')], now)).toEqual([]);
  });
});

describe('previewSlots', () => {
  it('shows the first 3 slots in slot order and counts the rest', () => {
    const slots = ['E', 'D', 'C', 'B', 'A'].map((title) => ({ title, startTime: null }));
    const { shown, more } = previewSlots(slots);
    expect(shown.map((s) => s.title)).toEqual(['A', 'B', 'C']);
    expect(more).toBe(2);
  });

  it('has nothing more for 3 slots or fewer', () => {
    expect(previewSlots([{ title: 'A', startTime: null }]).more).toBe(0);
  });
});

describe('spotsLeftText', () => {
  it.each([
    [0, 3, '3 spots left'],
    [1, 3, '2 spots left'],
    [2, 3, '1 spot left'],
    [3, 3, 'No spots left'],
    [4, 3, 'No spots left'],
  ])('says %s of %s filled as %s', (currentVolunteers, maxVolunteers, text) => {
    expect(spotsLeftText(i18n, { currentVolunteers, maxVolunteers })).toBe(text);
  });
});

describe('stillNeededText and promisedText (item slots)', () => {
  it.each([
    [0, 24, '24 still needed'],
    [12, 24, '12 still needed'],
    [23, 24, '1 still needed'],
    [24, 24, 'Nothing more needed'],
    [25, 24, 'Nothing more needed'],
  ])('says %s of %s promised as %s', (currentVolunteers, maxVolunteers, text) => {
    expect(stillNeededText(i18n, { currentVolunteers, maxVolunteers })).toBe(text);
  });

  it('counts what was promised once signups have closed', () => {
    expect(promisedText(i18n, { currentVolunteers: 12, maxVolunteers: 24 })).toBe('12 of 24 promised');
  });
});

describe('selectedText', () => {
  it('counts the ticked slots in words, singular for one', () => {
    expect(selectedText(i18n, 1)).toBe('1 slot selected');
    expect(selectedText(i18n, 3)).toBe('3 slots selected');
  });
});

describe('volunteerCountText and waitlistCountText', () => {
  it('count volunteers in words, singular for one', () => {
    expect(volunteerCountText(i18n, 0)).toBe('0 volunteers');
    expect(volunteerCountText(i18n, 1)).toBe('1 volunteer');
    expect(volunteerCountText(i18n, 3)).toBe('3 volunteers');
    expect(waitlistCountText(i18n, 1)).toBe('1 on the waitlist');
    expect(waitlistCountText(i18n, 3)).toBe('3 on the waitlist');
  });
});

describe('signupsClosed', () => {
  const now = at('2031-05-03T12:00:00Z');
  const eventDate = at('2031-05-03T18:00:00Z');

  it('closes a timed slot once its start time has come, whatever the event date', () => {
    expect(signupsClosed({ startTime: at('2031-05-03T12:00:01Z') }, eventDate, now)).toBe(false);
    expect(signupsClosed({ startTime: at('2031-05-03T12:00:00Z') }, eventDate, now)).toBe(true);
    expect(signupsClosed({ startTime: at('2031-05-03T09:00:00Z') }, eventDate, now)).toBe(true);
  });

  it("closes a slot without a time once the sheet's event date has come", () => {
    expect(signupsClosed({ startTime: null }, eventDate, now)).toBe(false);
    expect(signupsClosed({ startTime: null }, at('2031-05-03T11:00:00Z'), now)).toBe(true);
  });

  it('marks an event past at its date', () => {
    expect(eventHasPassed(eventDate, now)).toBe(false);
    expect(eventHasPassed(now, now)).toBe(true);
  });
});

describe('newSlotTimes', () => {
  const eventDate = at('2031-05-03T15:00:00Z');

  it("starts a new slot at the sheet's event date, an hour long", () => {
    expect(newSlotTimes(eventDate)).toEqual({ startTime: eventDate, endTime: at('2031-05-03T16:00:00Z') });
  });

  it('goes on from the slot just added, as long as it was', () => {
    const previous = { startTime: at('2031-05-03T15:00:00Z'), endTime: at('2031-05-03T15:45:00Z') };
    expect(newSlotTimes(eventDate, previous)).toEqual({
      startTime: at('2031-05-03T15:45:00Z'),
      endTime: at('2031-05-03T16:30:00Z'),
    });
    // Without a start, the length is unknown: an hour.
    expect(newSlotTimes(eventDate, { startTime: null, endTime: at('2031-05-03T18:00:00Z') })).toEqual({
      startTime: at('2031-05-03T18:00:00Z'),
      endTime: at('2031-05-03T19:00:00Z'),
    });
  });

  it("falls back to the event's date after a slot without an end, and leaves the times empty with neither", () => {
    expect(newSlotTimes(eventDate, { startTime: null, endTime: null })).toEqual({
      startTime: eventDate,
      endTime: at('2031-05-03T16:00:00Z'),
    });
    expect(newSlotTimes(undefined)).toEqual({ startTime: null, endTime: null });
  });
});
