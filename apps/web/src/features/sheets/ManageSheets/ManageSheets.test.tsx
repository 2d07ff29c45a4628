import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import type { SheetListItem } from '../../../types';
import { ManagedSheetCard, ManageSheets } from './ManageSheets';

const slot = (id: number, title: string, start: Date | null, current: number, max: number) => ({
  id,
  signupSheetId: 5,
  title,
  description: null,
  location: null,
  startTime: start,
  endTime: null,
  maxVolunteers: max,
  kind: 'task' as const,
  currentVolunteers: current,
  waitlistCount: 0,
  createdAt: schoolDate(2031, 0, 1),
});

const sheet: SheetListItem = {
  id: 5,
  title: 'Spring Fair',
  description: null,
  location: null,
  eventDate: schoolDate(2031, 4, 3, 17, 0),
  organizerName: 'Olivia',
  organizerEmail: 'olivia@example.org',
  ownerId: null,
  maxSlotsPerPerson: null,
  questions: [],
  notifyOrganizer: 'each' as const,
  createdAt: schoolDate(2031, 0, 1),
  slots: [slot(1, 'Cleanup', null, 0, 2), slot(2, 'Setup', schoolDate(2031, 4, 3, 8, 0), 1, 3)],
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

describe('ManagedSheetCard item slots', () => {
  it("marks an item to bring as 'Item', and a task not", () => {
    const handlers = { onDelete: vi.fn(), onAddSlot: vi.fn(), onEditSlot: vi.fn(), onDeleteSlot: vi.fn() };
    const withItem = {
      ...sheet,
      slots: [slot(1, 'Cleanup', null, 0, 2), { ...slot(3, 'Cupcakes', null, 6, 24), kind: 'item' as const }],
    };
    renderWithProviders(<ManagedSheetCard sheet={withItem} {...handlers} />);
    const [cleanup, cupcakes] = within(screen.getByRole('list', { name: 'Slots of Spring Fair' })).getAllByRole(
      'listitem',
    );
    expect(cupcakes?.textContent).toContain('CupcakesItem');
    expect(cupcakes?.textContent).toContain('6 / 24');
    expect(cleanup?.textContent).not.toContain('Item');
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

describe('ManagedSheetCard sheet tools', () => {
  it("offers 'Edit sheet' and 'Duplicate' beside Delete, apart from the slots' own Edit buttons", () => {
    const handlers = {
      onDelete: vi.fn(),
      onEdit: vi.fn(),
      onDuplicate: vi.fn(),
      onAddSlot: vi.fn(),
      onEditSlot: vi.fn(),
      onDeleteSlot: vi.fn(),
    };
    renderWithProviders(<ManagedSheetCard sheet={sheet} {...handlers} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit sheet Spring Fair' }));
    expect(handlers.onEdit).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Spring Fair' }));
    expect(handlers.onDuplicate).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Setup' }));
    expect(handlers.onEditSlot).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(handlers.onEdit).toHaveBeenCalledOnce();
  });

  it('shows neither without handlers', () => {
    renderWithProviders(
      <ManagedSheetCard
        sheet={sheet}
        onDelete={vi.fn()}
        onAddSlot={vi.fn()}
        onEditSlot={vi.fn()}
        onDeleteSlot={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Edit sheet Spring Fair' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Duplicate Spring Fair' })).toBeNull();
  });
});

describe('ManageSheets and the organizer tier', () => {
  it("lists the caller's managed sheets (sheets.managed, not every sheet) and opens the edit and duplicate dialogs", async () => {
    const server = fakeTrpc({ 'sheets.managed': () => [sheet], 'sheets.list': () => [] });
    renderWithProviders(<ManageSheets onCreateSheet={vi.fn()} />, {
      user: { id: 2, name: 'Olivia Organizer', isAdmin: false },
      fetch: server.fetch,
    });
    await screen.findByRole('article', { name: 'Spring Fair' });
    expect(server.calls.map((c) => c.path)).toContain('sheets.managed');
    expect(server.calls.map((c) => c.path)).not.toContain('sheets.list');

    fireEvent.click(screen.getByRole('button', { name: 'Edit sheet Spring Fair' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Signup Sheet' });
    expect(within(edit).getByLabelText<HTMLInputElement>(/^Event Title/).value).toBe('Spring Fair');
    fireEvent.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Signup Sheet' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Spring Fair' }));
    const duplicate = await screen.findByRole('dialog', { name: 'Duplicate Signup Sheet' });
    expect(within(duplicate).getByLabelText<HTMLInputElement>(/^New Event Date/).value).toBe('2031-05-10T17:00');
  });
});
