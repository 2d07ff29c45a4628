import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import type { HistoryEntry, Profile } from '../../../types';
import { ProfileDetails } from './ProfileDetails';

const now = schoolDate(2031, 4, 10, 12, 0);

function entry(id: number, sheetTitle: string, eventDate: Date, extra: Partial<HistoryEntry> = {}): HistoryEntry {
  const start = new Date(eventDate.getTime());
  const end = new Date(eventDate.getTime() + 2.5 * 3_600_000);
  return {
    id,
    signupTime: schoolDate(2031, 0, 1),
    notes: null,
    status: 'confirmed',
    attended: null,
    hours: 2.5,
    slot: {
      id: id * 10,
      signupSheetId: id * 100,
      title: `Slot ${id}`,
      description: null,
      location: null,
      startTime: start,
      endTime: end,
      maxVolunteers: 3,
      currentVolunteers: 1,
      kind: 'task',
    },
    signupSheet: {
      id: id * 100,
      title: sheetTitle,
      description: null,
      location: null,
      eventDate,
      organizerName: 'Olivia Organizer',
      organizerEmail: 'olivia@example.org',
      ownerId: null,
      maxSlotsPerPerson: null,
      questions: [],
      notifyOrganizer: 'each' as const,
      createdAt: schoolDate(2030, 0, 1),
    },
    ...extra,
  };
}

function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 3,
    name: 'Pat Parent',
    email: 'pat@example.org',
    phone: '555-0101',
    role: 'member',
    isAdmin: false,
    emailVerified: true,
    emailConsent: false,
    language: null,
    createdAt: schoolDate(2030, 8, 1),
    lastLoginAt: null,
    volunteerHistory: [
      entry(1, 'Spring Fair', schoolDate(2031, 5, 1, 9, 0), { notes: 'Bringing a table' }),
      entry(2, 'Winter Concert', schoolDate(2030, 11, 12, 18, 0)),
    ],
    totalSignups: 2,
    totalHours: 5,
    ...overrides,
  };
}

describe('ProfileDetails', () => {
  it('shows the account details and totals, hours to one decimal', () => {
    renderWithProviders(<ProfileDetails profile={profile({ totalHours: 3.5 })} now={now} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Pat Parent' })).toBeDefined();
    expect(screen.getByText('pat@example.org')).toBeDefined();
    expect(screen.getByText('555-0101')).toBeDefined();
    expect(screen.getAllByText(/September 1, 2030/).length).toBeGreaterThan(0);
    expect(within(screen.getByRole('group', { name: 'Total Signups' })).getByText('2')).toBeDefined();
    expect(within(screen.getByRole('group', { name: 'Total Hours' })).getByText('3.5')).toBeDefined();
    expect(screen.queryByText('Administrator')).toBeNull();
  });

  it("shows whole hours with one decimal and an 'Administrator' badge for admins", () => {
    renderWithProviders(<ProfileDetails profile={profile({ isAdmin: true, totalHours: 5 })} now={now} />);
    expect(within(screen.getByRole('group', { name: 'Total Hours' })).getByText('5.0')).toBeDefined();
    expect(screen.getByText('Administrator')).toBeDefined();
  });

  it("marks future events 'Upcoming' and past ones 'Completed', linking each sheet", () => {
    renderWithProviders(<ProfileDetails profile={profile()} now={now} />);
    const items = within(screen.getByRole('region', { name: 'Volunteer History' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [future, past] = items as [HTMLElement, HTMLElement];
    expect(within(future).getByRole('link', { name: 'Spring Fair' }).getAttribute('href')).toBe('/signup-sheet/100');
    expect(within(future).getByText('Slot 1')).toBeDefined();
    expect(within(future).getByText('Notes: Bringing a table')).toBeDefined();
    expect(within(future).getByText('Upcoming')).toBeDefined();
    expect(within(future).getByText(/Sun, Jun 1 · 9:00 AM – 11:30 AM/)).toBeDefined();
    expect(within(past).getByRole('link', { name: 'Winter Concert' })).toBeDefined();
    expect(within(past).getByText('Completed')).toBeDefined();
  });

  it('lists upcoming entries soonest first, then past ones latest first', () => {
    const history = [
      entry(1, 'Old Fair', schoolDate(2030, 2, 1, 9, 0)),
      entry(2, 'Far Concert', schoolDate(2031, 11, 1, 18, 0)),
      entry(3, 'Recent Picnic', schoolDate(2031, 4, 1, 12, 0)),
      entry(4, 'Next Bake Sale', schoolDate(2031, 4, 20, 10, 0)),
    ];
    renderWithProviders(<ProfileDetails profile={profile({ volunteerHistory: history })} now={now} />);
    const items = within(screen.getByRole('region', { name: 'Volunteer History' })).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Next Bake Sale',
      'Far Concert',
      'Recent Picnic',
      'Old Fair',
    ]);
    expect(items.map((li) => within(li).getByText(/^(Upcoming|Completed)$/).textContent)).toEqual([
      'Upcoming',
      'Upcoming',
      'Completed',
      'Completed',
    ]);
  });

  it("marks a waitlisted signup 'Waitlisted' and shows it no hours", () => {
    const history = [
      entry(1, 'Spring Fair', schoolDate(2031, 5, 1, 9, 0)),
      entry(2, 'Book Swap', schoolDate(2031, 5, 2, 9, 0), { status: 'waitlisted', hours: 0 }),
    ];
    renderWithProviders(<ProfileDetails profile={profile({ volunteerHistory: history })} now={now} />);
    const items = within(screen.getByRole('region', { name: 'Volunteer History' })).getAllByRole('listitem');
    const [confirmed, waitlisted] = items as [HTMLElement, HTMLElement];
    expect(within(confirmed).queryByText('Waitlisted')).toBeNull();
    expect(within(confirmed).getByText(/2\.5 hours/)).toBeDefined();
    expect(within(waitlisted).getByText('Waitlisted')).toBeDefined();
    expect(within(waitlisted).queryByText(/hours/)).toBeNull();
  });

  it('says so when there is no history yet', () => {
    renderWithProviders(
      <ProfileDetails profile={profile({ volunteerHistory: [], totalSignups: 0, totalHours: 0 })} now={now} />,
    );
    expect(screen.getByText('No Volunteer History Yet')).toBeDefined();
    expect(within(screen.getByRole('group', { name: 'Total Hours' })).getByText('0.0')).toBeDefined();
  });

  it('offers Account Settings and Change Password on your own profile only', () => {
    const own = { onAccountSettings: vi.fn(), onChangePassword: vi.fn() };
    const { unmount } = renderWithProviders(<ProfileDetails profile={profile()} own={own} now={now} />);
    fireEvent.click(screen.getByRole('button', { name: 'Account Settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(own.onAccountSettings).toHaveBeenCalledOnce();
    expect(own.onChangePassword).toHaveBeenCalledOnce();
    unmount();

    renderWithProviders(<ProfileDetails profile={profile()} now={now} />);
    expect(screen.queryByRole('button', { name: 'Account Settings' })).toBeNull();
  });
});
