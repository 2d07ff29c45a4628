import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import type { SheetDetail, SlotDetail } from '../../types';
import { SheetDetails } from './SheetDetails';

function slot(id: number, title: string, start: Date | null, extra: Partial<SlotDetail> = {}): SlotDetail {
  return {
    id,
    signupSheetId: 1,
    title,
    description: null,
    startTime: start,
    endTime: null,
    maxVolunteers: 2,
    currentVolunteers: 0,
    volunteers: [],
    ...extra,
  };
}

const sheet: SheetDetail = {
  id: 1,
  title: 'Science Night',
  description: 'Experiments for every grade',
  eventDate: new Date(2031, 2, 14, 18, 0),
  organizerName: 'Pat Organizer',
  organizerEmail: 'pat@example.org',
  createdAt: new Date(2030, 0, 1),
  slots: [
    slot(1, 'Teardown', null),
    slot(2, 'Judges', new Date(2031, 2, 14, 19, 0)),
    slot(3, 'Setup crew', new Date(2031, 2, 14, 16, 0), {
      currentVolunteers: 1,
      volunteers: [
        {
          id: 11,
          slotId: 3,
          name: 'Robin Banks',
          signupTime: new Date(2030, 11, 1),
          isMine: false,
          email: 'robin@example.org',
          phone: '555-0177',
          notes: null,
          emailConsent: true,
          userId: null,
        },
      ],
    }),
    slot(4, 'Greeters', new Date(2031, 2, 14, 16, 0)),
  ],
};

describe('SheetDetails', () => {
  it('shows the sheet, its organizer, and the slots by start time, untimed last, ties by title', () => {
    renderWithProviders(<SheetDetails sheet={sheet} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Science Night' })).toBeDefined();
    expect(screen.getByText('Experiments for every grade')).toBeDefined();
    expect(screen.getByRole('link', { name: 'pat@example.org' }).getAttribute('href')).toBe('mailto:pat@example.org');
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Greeters', 'Setup crew', 'Judges', 'Teardown']);
  });

  it('opens the signup form for the chosen slot', () => {
    renderWithProviders(<SheetDetails sheet={sheet} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign Up' })[1] as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'Sign up: Setup crew' });
    expect(within(dialog).getByLabelText(/^Name/)).toBeDefined();
  });

  it('asks before removing a volunteer (admins), and Cancel closes the question', () => {
    renderWithProviders(<SheetDetails sheet={sheet} />, { user: { id: 1, name: 'Admin', isAdmin: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Robin Banks' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Volunteer' });
    expect(
      within(dialog).getByText('Are you sure you want to remove Robin Banks from this volunteer slot?'),
    ).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens 'Edit Volunteer Slot' prefilled for admins", () => {
    renderWithProviders(<SheetDetails sheet={sheet} />, { user: { id: 1, name: 'Admin', isAdmin: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Judges' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Volunteer Slot' });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Volunteer Role/).value).toBe('Judges');
    expect(within(dialog).getByRole('button', { name: 'Update Slot' })).toBeDefined();
  });

  it('hides admin controls from visitors', () => {
    renderWithProviders(<SheetDetails sheet={sheet} />);
    expect(screen.queryByRole('button', { name: /^(edit|delete|remove) /i })).toBeNull();
  });

  it('asks before cancelling your own signup, naming the slot', () => {
    const mine = {
      id: 12,
      slotId: 2,
      name: 'Pat Parent',
      signupTime: new Date(2030, 11, 2),
      isMine: true,
      email: 'pat@example.org',
      phone: '555-0101',
      notes: null,
      emailConsent: false,
      userId: 3,
    };
    const withMine: SheetDetail = {
      ...sheet,
      slots: [slot(2, 'Judges', new Date(2031, 2, 14, 19, 0), { currentVolunteers: 1, volunteers: [mine] })],
    };
    renderWithProviders(<SheetDetails sheet={withMine} />, { user: { id: 3, name: 'Pat Parent', isAdmin: false } });
    expect(screen.getByText('You')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel my signup' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Signup' });
    expect(within(dialog).getByText('Are you sure you want to cancel your signup for Judges?')).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Cancel my signup' })).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my signup' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
