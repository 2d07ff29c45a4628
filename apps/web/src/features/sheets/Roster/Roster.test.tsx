import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18nFor } from '@pac/i18n/server';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import { Roster } from './Roster';
import {
  answerLines,
  bringsText,
  checkedInText,
  findVolunteer,
  pledgedText,
  type RosterData,
  type RosterSlot,
  type RosterVolunteer,
  type RosterWaitlisted,
  rosterSlotWhen,
  spotsText,
  telHref,
  walkInLines,
  withCheckIn,
} from './rosterData';

const i18n = i18nFor('en');

function volunteer(id: number, name: string, extra: Partial<RosterVolunteer> = {}): RosterVolunteer {
  return {
    id,
    slotId: 1,
    name,
    phone: '555-0100',
    email: `${name.split(' ')[0]?.toLowerCase() ?? 'v'}@example.org`,
    notes: null,
    quantity: 1,
    answers: {},
    attended: null,
    checkedInAt: null,
    ...extra,
  };
}

function waiting(id: number, name: string, position: number, extra: Partial<RosterWaitlisted> = {}): RosterWaitlisted {
  const { attended: _attended, checkedInAt: _checkedInAt, ...rest } = volunteer(id, name);
  return { ...rest, position, ...extra };
}

// 9:00 AM on Saturday, May 3, 2031 at the school (America/Vancouver), whatever the test machine's zone.
const eventDate = schoolDate(2031, 4, 3, 9);
const at = (hour: number, minute = 0) => schoolDate(2031, 4, 3, hour, minute);

function slot(id: number, title: string, extra: Partial<RosterSlot> = {}): RosterSlot {
  return {
    id,
    title,
    signupSheetId: 9,
    description: null,
    location: null,
    maxVolunteers: 3,
    kind: 'task',
    currentVolunteers: 0,
    startTime: at(9),
    endTime: at(11),
    volunteers: [],
    waitlistCount: 0,
    waitlist: [],
    spotsOpen: 3,
    where: null,
    ...extra,
  };
}

function roster(): RosterData {
  return {
    id: 9,
    title: 'Spring Fair',
    description: null,
    location: null,
    eventDate,
    organizerName: 'Olivia Organizer',
    organizerEmail: 'olivia@example.org',
    ownerId: null,
    maxSlotsPerPerson: null,
    questions: [],
    notifyOrganizer: 'each' as const,
    createdAt: eventDate,
    slots: [
      slot(1, 'Ushers', {
        currentVolunteers: 2,
        spotsOpen: 1,
        waitlistCount: 0,
        volunteers: [
          volunteer(11, 'Jamie Rivera', { phone: '+1 (604) 555-0199', attended: true, checkedInAt: eventDate }),
          volunteer(12, 'Sam Lee', { notes: 'Brings a wagon' }),
        ],
      }),
      slot(2, 'Clean-up', { startTime: at(14, 30), endTime: at(16), maxVolunteers: 2, spotsOpen: 2 }),
    ],
  };
}

/** The text of each row of a slot's table (as printed: the blank walk-in lines are rows too). */
function rowsOf(region: HTMLElement): string[] {
  return within(within(region).getByRole('table'))
    .getAllByRole('row')
    .map((row) => row.textContent);
}

/** The line under a slot's title: when, (on paper) where, and how full it is. */
function slotLine(region: HTMLElement): string | null | undefined {
  return region.querySelector('p')?.textContent;
}

describe('Roster', () => {
  it('shows each slot with its times, how full it is, its volunteers with call links and notes, and check-in counts', () => {
    renderWithProviders(<Roster roster={roster()} onToggle={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Spring Fair' })).toBeDefined();
    expect(screen.getByText('Saturday, May 3, 2031 at 9:00 AM')).toBeDefined();
    expect(screen.getAllByText('1 of 2 checked in')).toHaveLength(2); // the whole sheet, and Ushers

    const ushers = screen.getByRole('region', { name: 'Ushers' });
    expect(slotLine(ushers)).toBe('9:00 AM – 11:00 AM · 2 of 3 filled · 1 spot open');
    expect(within(ushers).getByRole('link', { name: '+1 (604) 555-0199' }).getAttribute('href')).toBe(
      'tel:+16045550199',
    );
    // A row per volunteer, in the order the server sorted them, then one blank line per open spot.
    expect(rowsOf(ushers)).toEqual([
      'HereNamePhoneNotes',
      'Jamie Rivera+1 (604) 555-0199',
      'Sam Lee555-0100Brings a wagon',
      'Walk-in',
    ]);

    const cleanUp = screen.getByRole('region', { name: 'Clean-up' });
    expect(slotLine(cleanUp)).toBe('2:30 PM – 4:00 PM · 0 of 2 filled · 2 spots open');
    expect(within(cleanUp).getByText('No confirmed volunteers yet.')).toBeDefined();
    expect(rowsOf(cleanUp)).toEqual(['HereNamePhoneNotes', 'Walk-in', 'Walk-in']);
  });

  it('prints no blank line for a full slot', () => {
    const base = roster();
    const full = slot(3, 'Door', {
      maxVolunteers: 1,
      currentVolunteers: 1,
      spotsOpen: 0,
      volunteers: [volunteer(31, 'Dee Door')],
    });
    renderWithProviders(<Roster roster={{ ...base, slots: [full] }} onToggle={vi.fn()} />);
    const door = screen.getByRole('region', { name: 'Door' });
    expect(within(door).getByText('1 of 1 filled · Full')).toBeDefined();
    expect(rowsOf(door)).toEqual(['HereNamePhoneNotes', 'Dee Door555-0100']);
    expect(within(door).queryByText('Walk-in')).toBeNull();
  });

  it('lists the waitlist apart, under its own heading, numbered in waitlist order, only where a slot has one', () => {
    const base = roster();
    const [ushers, cleanUp] = base.slots;
    if (!ushers || !cleanUp) throw new Error('fixture');
    const withWaitlist = {
      ...ushers,
      spotsOpen: 0,
      currentVolunteers: 3,
      maxVolunteers: 3,
      volunteers: [...ushers.volunteers, volunteer(13, 'Toni Third')],
      waitlistCount: 2,
      waitlist: [
        waiting(21, 'Zed Zephyr', 1, { phone: '604-555-0121', notes: 'After 5 only' }),
        waiting(22, 'Abe Adams', 2),
      ],
    };
    renderWithProviders(<Roster roster={{ ...base, slots: [withWaitlist, cleanUp] }} onToggle={vi.fn()} />);
    const region = screen.getByRole('region', { name: 'Ushers' });
    const list = within(region).getByRole('list', { name: 'Waitlist' });
    expect(within(region).getByRole('heading', { level: 3, name: 'Waitlist' })).toBeDefined();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1.Zed Zephyr · 604-555-0121After 5 only', '2.Abe Adams · 555-0100']);
    // Not among the confirmed: no row and no check-in button.
    expect(rowsOf(region).join('|')).not.toMatch(/Zed|Abe/);
    expect(screen.queryByRole('button', { name: /Mark (Zed|Abe)/ })).toBeNull();

    const other = screen.getByRole('region', { name: 'Clean-up' });
    expect(within(other).queryByText('Waitlist')).toBeNull();
  });

  it("shows the sheet's location under the title and a slot's own on the slot; on paper each slot says where", () => {
    const base = roster();
    const [ushers, cleanUp] = base.slots;
    if (!ushers || !cleanUp) throw new Error('fixture');
    renderWithProviders(
      <Roster
        roster={{
          ...base,
          location: 'Gym, 123 Main St',
          slots: [
            { ...ushers, location: 'Lot B', where: 'Lot B' },
            { ...cleanUp, where: 'Gym, 123 Main St' },
          ],
        }}
        onToggle={vi.fn()}
      />,
    );
    const maps = screen.getAllByRole('link', { name: /^Map of / });
    expect(maps.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Map of Gym, 123 Main St (opens in a new tab)',
      'Map of Lot B (opens in a new tab)',
    ]);
    const ushersRegion = screen.getByRole('region', { name: 'Ushers' });
    const cleanUpRegion = screen.getByRole('region', { name: 'Clean-up' });
    expect(slotLine(ushersRegion)).toBe('9:00 AM – 11:00 AM · Lot B · 2 of 3 filled · 1 spot open');
    expect(slotLine(cleanUpRegion)).toBe('2:30 PM – 4:00 PM · Gym, 123 Main St · 0 of 2 filled · 2 spots open');
    // On screen, a slot at the sheet's location does not repeat it with a map link.
    expect(within(cleanUpRegion).queryByRole('link', { name: /^Map of / })).toBeNull();
  });

  it('marks the check-in state on each button and hands the tapped volunteer to onToggle', () => {
    const onToggle = vi.fn();
    renderWithProviders(<Roster roster={roster()} onToggle={onToggle} />);
    const jamie = screen.getByRole('button', { name: 'Mark Jamie Rivera as attended' });
    const sam = screen.getByRole('button', { name: 'Mark Sam Lee as attended' });
    expect(jamie.getAttribute('aria-pressed')).toBe('true');
    expect(sam.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(sam);
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 12, attended: null }));
  });

  it("prints through onPrint from 'Print roster'", () => {
    const onPrint = vi.fn();
    renderWithProviders(<Roster roster={roster()} onToggle={vi.fn()} onPrint={onPrint} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print roster' }));
    expect(onPrint).toHaveBeenCalledTimes(1);
  });

  it("shows each volunteer's answers, and on an item slot what each brings and how many are still needed", () => {
    const base = roster();
    const questions = [
      { id: 'qClass', label: 'Child’s class', kind: 'text' as const, required: true },
      { id: 'qSize', label: 'T-shirt size', kind: 'choice' as const, options: ['S', 'M'], required: false },
      { id: 'qLadder', label: 'Brings a ladder', kind: 'checkbox' as const, required: false },
    ];
    const cupcakes = slot(3, 'Cupcakes', {
      kind: 'item',
      maxVolunteers: 11,
      currentVolunteers: 9,
      spotsOpen: 2,
      volunteers: [
        volunteer(31, 'Ana Baker', { slotId: 3, quantity: 6, answers: { qClass: 'Div 4', qLadder: true } }),
        volunteer(32, 'Ben Cook', { slotId: 3, quantity: 3, answers: { qSize: 'M', qLadder: false, qGone: 'x' } }),
      ],
      waitlist: [waiting(33, 'Cy Late', 1, { slotId: 3, quantity: 4, answers: { qClass: 'K' } })],
      waitlistCount: 1,
    });
    renderWithProviders(<Roster roster={{ ...base, questions, slots: [cupcakes] }} onToggle={vi.fn()} />);
    const region = screen.getByRole('region', { name: 'Cupcakes' });
    expect(within(region).getByText('9 of 11 pledged · 2 still needed')).toBeDefined();
    expect(rowsOf(region)).toEqual([
      'HereNameBringsPhoneAnswersNotes',
      'Ana Baker6555-0100Child’s class: Div 4Brings a ladder: Yes',
      'Ben Cook3555-0100T-shirt size: MBrings a ladder: No',
      'Walk-in',
      'Walk-in',
    ]);
    // An answer to a question the sheet no longer asks is not shown.
    expect(region.textContent).not.toContain('qGone');
    expect(within(within(region).getByRole('list', { name: 'Waitlist' })).getByRole('listitem').textContent).toBe(
      '1.Cy Late · 555-0100 · Brings 4Child’s class: K',
    );
  });

  it('says so when the sheet has no slots', () => {
    renderWithProviders(<Roster roster={{ ...roster(), slots: [] }} onToggle={vi.fn()} />);
    expect(screen.getByText('This signup sheet has no volunteer slots yet.')).toBeDefined();
  });
});

describe('roster data', () => {
  it('replaces one check-in and leaves the rest as they were', () => {
    const before = roster();
    const when = new Date('2031-05-03T16:05:00Z');
    const after = withCheckIn(before, 12, { attended: true, checkedInAt: when });
    expect(findVolunteer(after, 12)).toMatchObject({ attended: true, checkedInAt: when, name: 'Sam Lee' });
    expect(findVolunteer(before, 12)?.attended).toBeNull();
    expect(after.slots[1]).toBe(before.slots[1]);
    expect(findVolunteer(after, 99)).toBeUndefined();
  });

  it('counts only volunteers marked as attended, and makes tel: links from what was typed', () => {
    expect(checkedInText(i18n, [{ attended: true }, { attended: false }, { attended: null }])).toBe(
      '1 of 3 checked in',
    );
    expect(telHref(' 604.555.0100 ')).toBe('tel:6045550100');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });

  it("writes answers in the sheet's order of questions, a checkbox as Yes or No, and what an item slot has", () => {
    const questions = [
      { id: 'a', label: 'First', kind: 'checkbox' as const, required: false },
      { id: 'b', label: 'Second', kind: 'text' as const, required: false },
    ];
    expect(answerLines(i18n, questions, { b: 'two', a: false })).toEqual([
      { questionId: 'a', label: 'First', text: 'No' },
      { questionId: 'b', label: 'Second', text: 'two' },
    ]);
    expect(answerLines(i18n, questions, {})).toEqual([]);
    expect(bringsText(i18n, 4)).toBe('Brings 4');
    expect(pledgedText(i18n, { currentVolunteers: 3, maxVolunteers: 12 })).toBe('3 of 12 pledged');
  });

  it('says how full a slot is and what is left, and leaves a blank line per open spot', () => {
    const task = { kind: 'task' as const, currentVolunteers: 3, maxVolunteers: 5, spotsOpen: 2 };
    expect(spotsText(i18n, task)).toBe('3 of 5 filled · 2 spots open');
    expect(spotsText(i18n, { ...task, currentVolunteers: 4, spotsOpen: 1 })).toBe('4 of 5 filled · 1 spot open');
    expect(spotsText(i18n, { ...task, currentVolunteers: 5, spotsOpen: 0 })).toBe('5 of 5 filled · Full');
    const item = { kind: 'item' as const, currentVolunteers: 9, maxVolunteers: 24, spotsOpen: 15 };
    expect(spotsText(i18n, item)).toBe('9 of 24 pledged · 15 still needed');
    expect(spotsText(i18n, { ...item, currentVolunteers: 24, spotsOpen: 0 })).toBe('24 of 24 pledged · All pledged');
    expect(walkInLines({ spotsOpen: 3 })).toEqual([1, 2, 3]);
    expect(walkInLines({ spotsOpen: 0 })).toEqual([]);
  });

  it("writes a slot's times on the school's clock, with the date only when it is not the sheet's day", () => {
    expect(rosterSlotWhen({ startTime: at(9), endTime: at(11, 30) }, eventDate, 'en')).toBe('9:00 AM – 11:30 AM');
    expect(rosterSlotWhen({ startTime: at(18), endTime: null }, eventDate, 'en')).toBe('6:00 PM');
    // 11:30 PM at the school is already the next day in UTC: still the sheet's day.
    expect(rosterSlotWhen({ startTime: at(23, 30), endTime: null }, eventDate, 'en')).toBe('11:30 PM');
    const nextDay = schoolDate(2031, 4, 4, 10);
    expect(rosterSlotWhen({ startTime: nextDay, endTime: schoolDate(2031, 4, 4, 12) }, eventDate, 'en')).toBe(
      'Sunday, May 4, 2031 · 10:00 AM – 12:00 PM',
    );
    expect(rosterSlotWhen({ startTime: null, endTime: null }, eventDate, 'en')).toBe(
      'Saturday, May 3, 2031 at 9:00 AM',
    );
  });
});
