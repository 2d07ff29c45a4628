import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { SheetCard, type SheetCardSheet } from './SheetCard';

function slot(id: number, title: string, current: number, max: number, start: string | null = null) {
  return {
    id,
    title,
    startTime: start === null ? null : new Date(start),
    endTime: null,
    currentVolunteers: current,
    maxVolunteers: max,
  };
}

const sheet: SheetCardSheet = {
  id: 12,
  title: 'Spring Fair',
  eventDate: new Date('2031-05-03T17:00:00Z'),
  slots: [
    slot(1, 'Face painting', 1, 2),
    slot(2, 'Setup', 2, 4, '2031-05-03T08:00:00Z'),
    slot(3, 'Cleanup', 0, 3, '2031-05-03T20:00:00Z'),
    slot(4, 'Bake sale', 1, 1, '2031-05-03T12:00:00Z'),
    slot(5, 'Ticket desk', 0, 2),
  ],
};

describe('SheetCard', () => {
  it("shows the sheet's location (its map link is on the sheet's page), none without one", () => {
    const { unmount } = renderWithProviders(<SheetCard sheet={{ ...sheet, location: 'Gym, 123 Main St' }} />);
    expect(screen.getByText('Gym, 123 Main St')).toBeDefined();
    expect(screen.queryByRole('link', { name: /^Map of / })).toBeNull();
    unmount();
    renderWithProviders(<SheetCard sheet={{ ...sheet, location: null }} />);
    expect(screen.queryByText('Gym, 123 Main St')).toBeNull();
  });

  it('shows the filled and open spot counts over all slots', () => {
    renderWithProviders(<SheetCard sheet={sheet} />);
    expect(screen.getByText('4 filled')).toBeDefined();
    expect(screen.getByText('8 open')).toBeDefined();
  });

  it("lists the first 3 slots in slot order, then '+ N more volunteer opportunities'", () => {
    renderWithProviders(<SheetCard sheet={sheet} />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Setup'),
      expect.stringContaining('Bake sale'),
      expect.stringContaining('Cleanup'),
    ]);
    expect(screen.getByText('+ 2 more volunteer opportunities')).toBeDefined();
    expect(screen.queryByText('Face painting')).toBeNull();
  });

  it("makes '+ N more volunteer opportunities' a link to the sheet", () => {
    renderWithProviders(<SheetCard sheet={sheet} />);
    const more = screen.getByRole('link', { name: '+ 2 more volunteer opportunities' });
    expect(more.getAttribute('href')).toBe('/signup-sheet/12');
  });

  it('has no "more" line for 3 slots or fewer', () => {
    renderWithProviders(<SheetCard sheet={{ ...sheet, slots: sheet.slots.slice(0, 3) }} />);
    expect(screen.queryByText(/more volunteer opportunities/)).toBeNull();
  });

  it("links 'View & Sign Up' to the sheet's page", () => {
    renderWithProviders(<SheetCard sheet={sheet} />);
    expect(screen.getByRole('link', { name: 'View & Sign Up' }).getAttribute('href')).toBe('/signup-sheet/12');
  });

  it('shows the delete button only when deleting is offered (admins)', () => {
    const { unmount } = renderWithProviders(<SheetCard sheet={sheet} />);
    expect(screen.queryByRole('button', { name: 'Delete Spring Fair' })).toBeNull();
    unmount();

    const onDelete = vi.fn();
    renderWithProviders(<SheetCard sheet={sheet} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Spring Fair' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });
});
