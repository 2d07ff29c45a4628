import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import type { SheetListItem } from '../../types';
import { ManagedSheetCard, ManageSheets } from './ManageSheets';

const slot = (id: number, title: string, start: Date | null, current: number, max: number) => ({
  id,
  signupSheetId: 5,
  title,
  description: null,
  startTime: start,
  endTime: null,
  maxVolunteers: max,
  currentVolunteers: current,
  createdAt: new Date(2031, 0, 1),
});

const sheet: SheetListItem = {
  id: 5,
  title: 'Spring Fair',
  description: null,
  eventDate: new Date(2031, 4, 3, 17, 0),
  organizerName: 'Olivia',
  organizerEmail: 'olivia@example.org',
  createdAt: new Date(2031, 0, 1),
  slots: [slot(1, 'Cleanup', null, 0, 2), slot(2, 'Setup', new Date(2031, 4, 3, 8, 0), 1, 3)],
};

describe('ManagedSheetCard', () => {
  it('lists every slot in slot order with edit and delete, and Add Volunteer Slot under the card', () => {
    const handlers = { onDelete: vi.fn(), onAddSlot: vi.fn(), onEditSlot: vi.fn(), onDeleteSlot: vi.fn() };
    renderWithProviders(<ManagedSheetCard sheet={sheet} {...handlers} />);
    const slots = within(screen.getByRole('list', { name: 'Slots of Spring Fair' })).getAllByRole('listitem');
    expect(slots.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Setup'),
      expect.stringContaining('Cleanup'),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Setup' }));
    expect(handlers.onEditSlot).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Cleanup' }));
    expect(handlers.onDeleteSlot).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Spring Fair' }));
    expect(handlers.onDelete).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: /^Add Volunteer Slot/ }));
    expect(handlers.onAddSlot).toHaveBeenCalledOnce();
  });
});

describe('ManagedSheetCard past marker', () => {
  const handlers = { onDelete: vi.fn(), onAddSlot: vi.fn(), onEditSlot: vi.fn(), onDeleteSlot: vi.fn() };

  it("says 'Past' on a sheet whose event is over, and nothing on an upcoming one", () => {
    const { unmount } = renderWithProviders(<ManagedSheetCard sheet={sheet} past {...handlers} />);
    expect(within(screen.getByRole('article', { name: 'Spring Fair' })).getByText('Past')).toBeDefined();
    unmount();
    renderWithProviders(<ManagedSheetCard sheet={sheet} {...handlers} />);
    expect(within(screen.getByRole('article', { name: 'Spring Fair' })).queryByText('Past')).toBeNull();
  });
});

describe('ManageSheets', () => {
  it('shows 4 skeleton cards while the sheets load', () => {
    renderWithProviders(<ManageSheets onCreateSheet={vi.fn()} />);
    expect(screen.getAllByTestId('sheet-skeleton')).toHaveLength(4);
  });
});
