import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { Roster } from './Roster';
import {
  answerLines,
  bringsText,
  checkedInText,
  findVolunteer,
  pledgedText,
  type RosterData,
  type RosterVolunteer,
  telHref,
  withCheckIn,
} from './rosterData';

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

function roster(): RosterData {
  const eventDate = new Date('2031-05-03T16:00:00Z');
  const slot = {
    signupSheetId: 9,
    description: null,
    location: null,
    maxVolunteers: 3,
    kind: 'task' as const,
    currentVolunteers: 2,
    startTime: null,
    endTime: null,
    createdAt: eventDate,
  };
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
      {
        ...slot,
        id: 1,
        title: 'Ushers',
        waitlistCount: 2,
        volunteers: [
          volunteer(11, 'Jamie Rivera', { phone: '+1 (604) 555-0199', attended: true, checkedInAt: eventDate }),
          volunteer(12, 'Sam Lee', { notes: 'Brings a wagon' }),
        ],
      },
      { ...slot, id: 2, title: 'Clean-up', currentVolunteers: 0, waitlistCount: 0, volunteers: [] },
    ],
  };
}

describe('Roster', () => {
  it('shows each slot with its confirmed volunteers, phones as call links, notes and check-in counts', () => {
    renderWithProviders(<Roster roster={roster()} onToggle={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Spring Fair' })).toBeDefined();
    expect(screen.getAllByText('1 of 2 checked in')).toHaveLength(2); // the whole sheet, and Ushers

    const ushers = screen.getByRole('region', { name: 'Ushers' });
    const list = within(ushers).getByRole('list', { name: 'Ushers volunteers' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Jamie Rivera'), expect.stringContaining('Sam Lee')]);
    expect(within(ushers).getByRole('link', { name: '+1 (604) 555-0199' }).getAttribute('href')).toBe(
      'tel:+16045550199',
    );
    expect(within(list).getByText('Brings a wagon')).toBeDefined();
    // The printed page of the slot (shown only by the print style sheet): a box, name, phone and notes per row.
    const printed = within(ushers).getByRole('table');
    expect(
      within(printed)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['HereNamePhoneNotes', 'Jamie Rivera+1 (604) 555-0199', 'Sam Lee555-0100Brings a wagon']);
    expect(within(ushers).getByText('2 on the waitlist (not on the roster)')).toBeDefined();

    const cleanUp = screen.getByRole('region', { name: 'Clean-up' });
    expect(within(cleanUp).getByText('No confirmed volunteers yet.')).toBeDefined();
  });

  it("shows the sheet's location under the title and a slot's own on the slot, on screen and on each printed page", () => {
    const base = roster();
    const [ushers, cleanUp] = base.slots;
    if (!ushers || !cleanUp) throw new Error('fixture');
    renderWithProviders(
      <Roster
        roster={{ ...base, location: 'Gym, 123 Main St', slots: [{ ...ushers, location: 'Lot B' }, cleanUp] }}
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
    // Printed: each slot's page says where it happens (its own location, else the sheet's).
    expect(within(ushersRegion).getByText(/^Spring Fair · .* · Lot B$/)).toBeDefined();
    expect(within(cleanUpRegion).getByText(/^Spring Fair · .* · Gym, 123 Main St$/)).toBeDefined();
    // On screen, a slot at the sheet's location does not repeat it.
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

  it("shows each volunteer's answers, and on an item slot what each brings", () => {
    const base = roster();
    const questions = [
      { id: 'qClass', label: 'Child’s class', kind: 'text' as const, required: true },
      { id: 'qSize', label: 'T-shirt size', kind: 'choice' as const, options: ['S', 'M'], required: false },
      { id: 'qLadder', label: 'Brings a ladder', kind: 'checkbox' as const, required: false },
    ];
    const [ushers] = base.slots;
    if (!ushers) throw new Error('no slot');
    const cupcakes = {
      ...ushers,
      id: 3,
      title: 'Cupcakes',
      kind: 'item' as const,
      maxVolunteers: 24,
      currentVolunteers: 9,
      waitlistCount: 0,
      volunteers: [
        volunteer(31, 'Ana Baker', { slotId: 3, quantity: 6, answers: { qClass: 'Div 4', qLadder: true } }),
        volunteer(32, 'Ben Cook', { slotId: 3, quantity: 3, answers: { qSize: 'M', qLadder: false, qGone: 'x' } }),
      ],
    };
    renderWithProviders(<Roster roster={{ ...base, questions, slots: [cupcakes] }} onToggle={vi.fn()} />);
    const region = screen.getByRole('region', { name: 'Cupcakes' });
    expect(within(region).getAllByText('Item to bring · 9 of 24 pledged')).toHaveLength(1);
    const rows = within(within(region).getByRole('list', { name: 'Cupcakes volunteers' })).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('Brings 6');
    expect(rows[0]?.textContent).toContain('Child’s class: Div 4');
    expect(rows[0]?.textContent).toContain('Brings a ladder: Yes');
    expect(rows[0]?.textContent).not.toContain('T-shirt size');
    expect(rows[1]?.textContent).toContain('Brings 3');
    expect(rows[1]?.textContent).toContain('T-shirt size: M');
    expect(rows[1]?.textContent).toContain('Brings a ladder: No');
    // An answer to a question the sheet no longer asks is not shown.
    expect(region.textContent).not.toContain('qGone');

    // On paper: how many each brings, and an Answers column.
    expect(
      within(within(region).getByRole('table'))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'HereNameBringsPhoneAnswersNotes',
      'Ana Baker6555-0100Child’s class: Div 4Brings a ladder: Yes',
      'Ben Cook3555-0100T-shirt size: MBrings a ladder: No',
    ]);
  });

  it('says so when the sheet has no slots', () => {
    renderWithProviders(<Roster roster={{ ...roster(), slots: [] }} onToggle={vi.fn()} />);
    expect(screen.getByText('This signup sheet has no volunteer slots yet.')).toBeDefined();
  });
});

describe('roster data', () => {
  it('replaces one check-in and leaves the rest as they were', () => {
    const before = roster();
    const at = new Date('2031-05-03T16:05:00Z');
    const after = withCheckIn(before, 12, { attended: true, checkedInAt: at });
    expect(findVolunteer(after, 12)).toMatchObject({ attended: true, checkedInAt: at, name: 'Sam Lee' });
    expect(findVolunteer(before, 12)?.attended).toBeNull();
    expect(after.slots[1]).toBe(before.slots[1]);
    expect(findVolunteer(after, 99)).toBeUndefined();
  });

  it('counts only volunteers marked as attended, and makes tel: links from what was typed', () => {
    expect(checkedInText([{ attended: true }, { attended: false }, { attended: null }])).toBe('1 of 3 checked in');
    expect(telHref(' 604.555.0100 ')).toBe('tel:6045550100');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });

  it("writes answers in the sheet's order of questions, a checkbox as Yes or No, and what an item slot has", () => {
    const questions = [
      { id: 'a', label: 'First', kind: 'checkbox' as const, required: false },
      { id: 'b', label: 'Second', kind: 'text' as const, required: false },
    ];
    expect(answerLines(questions, { b: 'two', a: false })).toEqual([
      { questionId: 'a', label: 'First', text: 'No' },
      { questionId: 'b', label: 'Second', text: 'two' },
    ]);
    expect(answerLines(questions, {})).toEqual([]);
    expect(bringsText(4)).toBe('Brings 4');
    expect(pledgedText({ currentVolunteers: 3, maxVolunteers: 12 })).toBe('3 of 12 pledged');
  });
});
