import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import type { SlotDetail, VolunteerView } from '../../../types';
import { SlotCard } from './SlotCard';

function volunteer(id: number, name: string, extra: Partial<VolunteerView> = {}): VolunteerView {
  return {
    id,
    slotId: 1,
    name,
    signupTime: new Date('2031-01-01T00:00:00Z'),
    status: 'confirmed',
    isMine: false,
    quantity: 1,
    ...extra,
  };
}

function slot(overrides: Partial<SlotDetail> = {}): SlotDetail {
  return {
    id: 1,
    signupSheetId: 9,
    kind: 'task',
    title: 'Ushers',
    description: 'Greet families and hand out programs',
    location: null,
    startTime: null,
    endTime: null,
    maxVolunteers: 3,
    currentVolunteers: 1,
    waitlistCount: 0,
    volunteers: [volunteer(1, 'Jamie R.')],
    ...overrides,
  };
}

function adminHandlers() {
  return { onEdit: vi.fn(), onDelete: vi.fn(), onEditVolunteer: vi.fn(), onRemoveVolunteer: vi.fn() };
}

describe('SlotCard', () => {
  it('shows the slot, the spots left beside the bar, and its volunteers', () => {
    renderWithProviders(<SlotCard slot={slot()} onSignUp={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Ushers' })).toBeDefined();
    expect(screen.getByText('Greet families and hand out programs')).toBeDefined();
    expect(screen.getByText('2 spots left')).toBeDefined();
    expect(screen.queryByText(/\d+ \/ \d+/)).toBeNull();
    expect(screen.getByRole('progressbar', { name: '1 of 3 spots filled' })).toBeDefined();
    expect(screen.getByText('Jamie R.')).toBeDefined();
  });

  it("names the slot's own location with a map link, only when it is not the sheet's", () => {
    const { unmount } = renderWithProviders(
      <SlotCard slot={slot({ location: 'Lot B' })} sheetLocation="Gym" onSignUp={vi.fn()} />,
    );
    expect(screen.getByText('Lot B')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Map of Lot B (opens in a new tab)' }).getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Lot%20B',
    );
    unmount();
    renderWithProviders(<SlotCard slot={slot({ location: 'Gym' })} sheetLocation="Gym" onSignUp={vi.fn()} />);
    expect(screen.queryByRole('link', { name: /^Map of / })).toBeNull();
  });

  it('offers Sign Up while there is room', () => {
    const onSignUp = vi.fn();
    renderWithProviders(<SlotCard slot={slot()} onSignUp={onSignUp} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(onSignUp).toHaveBeenCalledOnce();
    expect(screen.queryByText('FULL - No spots available')).toBeNull();
  });

  it("says 'FULL - No spots available' instead of Sign Up when full", () => {
    renderWithProviders(
      <SlotCard
        slot={slot({
          currentVolunteers: 2,
          maxVolunteers: 2,
          volunteers: [volunteer(1, 'A B.'), volunteer(2, 'C D.')],
        })}
        onSignUp={vi.fn()}
      />,
    );
    expect(screen.getByText('FULL - No spots available')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
  });

  it('shows no admin controls to a visitor', () => {
    renderWithProviders(<SlotCard slot={slot()} onSignUp={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /edit|delete|remove/i })).toBeNull();
  });

  it('gives admins edit and delete controls for the slot and each volunteer, with contact details', () => {
    const admin = adminHandlers();
    const robin = volunteer(7, 'Robin Banks', { email: 'robin@example.org', phone: '555-0177', notes: 'Has a van' });
    renderWithProviders(<SlotCard slot={slot({ volunteers: [robin] })} onSignUp={vi.fn()} admin={admin} />);
    expect(screen.getByText('robin@example.org · 555-0177')).toBeDefined();
    expect(screen.getByText('Has a van')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Ushers' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Ushers' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Robin Banks' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Robin Banks' }));
    expect(admin.onEdit).toHaveBeenCalledOnce();
    expect(admin.onDelete).toHaveBeenCalledOnce();
    expect(admin.onEditVolunteer).toHaveBeenCalledWith(robin);
    expect(admin.onRemoveVolunteer).toHaveBeenCalledWith(robin);
  });

  it("counts a single spot as '1 spot left'", () => {
    renderWithProviders(<SlotCard slot={slot({ currentVolunteers: 2 })} onSignUp={vi.fn()} />);
    expect(screen.getByText('1 spot left')).toBeDefined();
  });

  it("says 'Signups closed' instead of Sign Up on a closed slot, and offers no cancel", () => {
    const mine = volunteer(5, 'Pat Parent', { isMine: true });
    renderWithProviders(
      <SlotCard slot={slot({ volunteers: [mine] })} closed onSignUp={vi.fn()} onCancelMine={vi.fn()} />,
    );
    expect(screen.getByText('Signups closed')).toBeDefined();
    expect(screen.getByText('1 volunteer')).toBeDefined();
    expect(screen.queryByText(/spots? left/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel my signup' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add volunteer' })).toBeNull();
  });

  it('still lets admins add, edit and remove volunteers on a closed slot', () => {
    const admin = adminHandlers();
    const onSignUp = vi.fn();
    renderWithProviders(<SlotCard slot={slot()} closed onSignUp={onSignUp} admin={admin} />);
    expect(screen.getByText('Signups closed')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add volunteer' }));
    expect(onSignUp).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Ushers' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Jamie R.' }));
    expect(admin.onEdit).toHaveBeenCalledOnce();
    expect(admin.onRemoveVolunteer).toHaveBeenCalledOnce();
  });

  it("shows 'You're signed up' with 'Cancel my signup' instead of Sign Up on the viewer's own slot", () => {
    const mine = volunteer(5, 'Pat Parent', { isMine: true });
    renderWithProviders(
      <SlotCard
        slot={slot({ currentVolunteers: 2, volunteers: [volunteer(1, 'Jamie R.'), mine] })}
        onSignUp={vi.fn()}
        onCancelMine={vi.fn()}
      />,
    );
    expect(screen.getByText("You're signed up")).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel my signup' })).toBeDefined();
  });

  it("keeps 'FULL - No spots available' on a full slot the viewer is on, with their cancel", () => {
    const mine = volunteer(5, 'Pat Parent', { isMine: true });
    renderWithProviders(
      <SlotCard slot={slot({ maxVolunteers: 1, volunteers: [mine] })} onSignUp={vi.fn()} onCancelMine={vi.fn()} />,
    );
    expect(screen.getByText('FULL - No spots available')).toBeDefined();
    expect(screen.getByText("You're signed up")).toBeDefined();
    expect(screen.getByRole('button', { name: 'Cancel my signup' })).toBeDefined();
  });

  it("marks the viewer's own signup 'You' and offers to cancel it", () => {
    const onCancelMine = vi.fn();
    const mine = volunteer(5, 'Pat Parent', { isMine: true, email: 'pat@example.org', phone: '555-0101' });
    renderWithProviders(
      <SlotCard
        slot={slot({ volunteers: [volunteer(1, 'Jamie R.'), mine] })}
        onSignUp={vi.fn()}
        onCancelMine={onCancelMine}
      />,
    );
    expect(screen.getByText('You')).toBeDefined();
    const buttons = screen.getAllByRole('button', { name: 'Cancel my signup' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    expect(onCancelMine).toHaveBeenCalledWith(mine);
  });
});

describe('SlotCard: the waitlist', () => {
  const full = (extra: Partial<SlotDetail> = {}) =>
    slot({
      maxVolunteers: 2,
      currentVolunteers: 2,
      volunteers: [volunteer(1, 'A B.'), volunteer(2, 'C D.')],
      ...extra,
    });

  it("offers 'Join Waitlist' (the same signup handler) on a full slot, with how many wait", () => {
    const onSignUp = vi.fn();
    renderWithProviders(<SlotCard slot={full({ waitlistCount: 3 })} onSignUp={onSignUp} />);
    expect(screen.getByText('FULL - No spots available')).toBeDefined();
    expect(screen.getByText('3 on the waitlist')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    expect(onSignUp).toHaveBeenCalledOnce();
    // Nobody's waitlisted name is shown to a visitor (the server sends only the count).
    expect(screen.queryByText('Waitlist')).toBeNull();
  });

  it('says nothing about a waitlist nobody is on, and offers none on an open or closed slot', () => {
    renderWithProviders(<SlotCard slot={slot()} onSignUp={vi.fn()} />);
    expect(screen.queryByText(/on the waitlist/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join Waitlist' })).toBeNull();
  });

  it('offers no waitlist on a closed slot', () => {
    renderWithProviders(<SlotCard slot={full({ waitlistCount: 1 })} closed onSignUp={vi.fn()} />);
    expect(screen.getByText('Signups closed')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Join Waitlist' })).toBeNull();
  });

  it('tells the viewer they are on the waitlist, with their cancel, and offers no second signup', () => {
    const onCancelMine = vi.fn();
    const mine = volunteer(9, 'Pat Parent', { isMine: true, status: 'waitlisted' });
    renderWithProviders(
      <SlotCard
        slot={full({ waitlistCount: 2, volunteers: [volunteer(1, 'A B.'), volunteer(2, 'C D.'), mine] })}
        onSignUp={vi.fn()}
        onCancelMine={onCancelMine}
      />,
    );
    expect(screen.getByText("You're on the waitlist")).toBeDefined();
    expect(screen.queryByText("You're signed up")).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join Waitlist' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel my signup' }));
    expect(onCancelMine).toHaveBeenCalledWith(mine);
    // Their own entry is not listed among the volunteers who hold a spot.
    expect(screen.queryByText('Pat Parent')).toBeNull();
  });

  it('lists the waitlist in order, apart from the volunteers, for whoever runs the sheet', () => {
    const admin = adminHandlers();
    const first = volunteer(5, 'Wanda First', { status: 'waitlisted', email: 'wanda@example.org' });
    const second = volunteer(6, 'Walt Second', { status: 'waitlisted' });
    renderWithProviders(
      <SlotCard
        slot={full({ waitlistCount: 2, volunteers: [volunteer(1, 'A B.'), first, volunteer(2, 'C D.'), second] })}
        onSignUp={vi.fn()}
        admin={admin}
      />,
    );
    const waitlist = screen.getByRole('list', { name: 'Waitlist' });
    expect(
      within(waitlist)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Wanda First'), expect.stringContaining('Walt Second')]);
    expect(within(waitlist).getByText('wanda@example.org')).toBeDefined();
    fireEvent.click(within(waitlist).getByRole('button', { name: 'Remove Wanda First' }));
    expect(admin.onRemoveVolunteer).toHaveBeenCalledWith(first);
    expect(screen.getByText('2 on the waitlist')).toBeDefined();
  });
});

describe('SlotCard: item slots', () => {
  const cupcakes = (extra: Partial<SlotDetail> = {}) =>
    slot({
      title: 'Cupcakes',
      kind: 'item',
      maxVolunteers: 24,
      currentVolunteers: 12,
      volunteers: [volunteer(1, 'Jane D.', { quantity: 12 })],
      ...extra,
    });

  it("says how many are still needed, offers 'I'll bring this', and lists what each brings", () => {
    const onSignUp = vi.fn();
    renderWithProviders(<SlotCard slot={cupcakes()} onSignUp={onSignUp} />);
    expect(screen.getByText('12 still needed')).toBeDefined();
    expect(screen.queryByText(/spots? left/)).toBeNull();
    expect(screen.getByRole('progressbar', { name: '12 of 24 promised' })).toBeDefined();
    expect(screen.getByText('Jane D. · 12')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "I'll bring this" }));
    expect(onSignUp).toHaveBeenCalledOnce();
  });

  it('says how many were promised once signups have closed', () => {
    renderWithProviders(<SlotCard slot={cupcakes()} onSignUp={vi.fn()} closed />);
    expect(screen.getByText('12 of 24 promised')).toBeDefined();
    expect(screen.queryByRole('button', { name: "I'll bring this" })).toBeNull();
  });
});

describe('SlotCard: ticking slots for one signup', () => {
  it("has a checkbox named after the slot that reports its state, and 'for the waitlist' on a full slot", () => {
    const onChange = vi.fn();
    renderWithProviders(
      <>
        <SlotCard slot={slot()} onSignUp={vi.fn()} selection={{ selected: false, onChange }} />
        <SlotCard
          slot={slot({ id: 2, title: 'Greeters', currentVolunteers: 3 })}
          onSignUp={vi.fn()}
          selection={{ selected: true, onChange: vi.fn() }}
        />
      </>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ushers' }));
    expect(onChange).toHaveBeenCalledWith(true);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Greeters for the waitlist' });
    expect(box.checked).toBe(true);
  });

  it('cannot tick another slot once the limit is reached, but can untick a ticked one', () => {
    renderWithProviders(
      <>
        <SlotCard slot={slot()} onSignUp={vi.fn()} selection={{ selected: false, disabled: true, onChange: vi.fn() }} />
        <SlotCard
          slot={slot({ id: 2, title: 'Greeters' })}
          onSignUp={vi.fn()}
          selection={{ selected: true, disabled: true, onChange: vi.fn() }}
        />
      </>,
    );
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Ushers' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Greeters' }).disabled).toBe(false);
  });

  it('has no checkbox on a closed slot', () => {
    renderWithProviders(
      <SlotCard slot={slot()} onSignUp={vi.fn()} closed selection={{ selected: false, onChange: vi.fn() }} />,
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe("SlotCard: this browser's own signups", () => {
  it("shows 'You're signed up' with its 'Change or cancel' link instead of Sign Up and the checkbox", () => {
    renderWithProviders(
      <SlotCard
        slot={slot()}
        onSignUp={vi.fn()}
        selection={{ selected: false, onChange: vi.fn() }}
        remembered={[{ volunteerId: 1, token: '1-abc', status: 'confirmed' }]}
      />,
    );
    expect(screen.getByText("You're signed up")).toBeDefined();
    const link = screen.getByRole('link', { name: 'Change or cancel' });
    expect(link.getAttribute('href')).toBe('/my-signup?token=1-abc');
    expect(link.getAttribute('aria-describedby')).toBe('slot-1-title');
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it("says 'You're on the waitlist' for a remembered waitlist place, and offers no 'Join Waitlist'", () => {
    renderWithProviders(
      <SlotCard
        slot={slot({ currentVolunteers: 3, waitlistCount: 1 })}
        onSignUp={vi.fn()}
        remembered={[{ volunteerId: 9, token: '9-abc', status: 'waitlisted' }]}
      />,
    );
    expect(screen.getByText("You're on the waitlist")).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Join Waitlist' })).toBeNull();
  });
});
