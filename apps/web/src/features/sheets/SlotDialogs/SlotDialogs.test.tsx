import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTrpc, FakeTrpcError } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import type { SlotFormSlot } from '../SlotForm';
import { AddSlotDialog, SlotDialogs, useSlotDialogs } from './SlotDialogs';

const slot: SlotFormSlot = {
  id: 4,
  title: 'Setup crew',
  description: null,
  location: null,
  startTime: new Date(2031, 4, 3, 8, 0),
  endTime: null,
  maxVolunteers: 4,
  kind: 'task',
};
const eventDate = new Date(2031, 4, 3, 17, 0);

/** A slot's admin buttons, as a page shows them, with the page's slot dialogs. */
function SlotControls({ onSettled }: { onSettled: () => unknown }) {
  const slotDialogs = useSlotDialogs();
  return (
    <>
      <button type="button" onClick={() => slotDialogs.edit(slot, eventDate)}>
        Edit {slot.title}
      </button>
      <button type="button" onClick={() => slotDialogs.confirmDelete(slot)}>
        Delete {slot.title}
      </button>
      <SlotDialogs control={slotDialogs} onSettled={onSettled} />
    </>
  );
}

beforeEach(() => {
  notifications.clean();
});

describe('AddSlotDialog', () => {
  it('is titled as SPEC.md says, names the sheet, and Cancel closes it', () => {
    const onClose = vi.fn();
    renderWithProviders(<AddSlotDialog opened sheet={{ id: 7, title: 'Spring Fair' }} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add Volunteer Slot' });
    expect(within(dialog).getByText('For Spring Fair')).toBeDefined();
    expect(within(dialog).getByLabelText(/^Task Title/)).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("adds an item to bring: sends kind 'item' with the quantity needed, and says it was created", async () => {
    const api = fakeTrpc({
      'slots.create': (input) => ({ id: 9, currentVolunteers: 0, ...(input as object) }),
    });
    const onClose = vi.fn();
    renderWithProviders(<AddSlotDialog opened sheet={{ id: 7, title: 'Spring Fair' }} onClose={onClose} />, {
      fetch: api.fetch,
    });
    const dialog = screen.getByRole('dialog', { name: 'Add Volunteer Slot' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Item to bring' }));
    fireEvent.change(within(dialog).getByLabelText(/^Item Name/), { target: { value: 'Cupcakes' } });
    fireEvent.change(within(dialog).getByLabelText(/^Quantity needed/), { target: { value: '24' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Slot' }));
    expect(await screen.findByText('"Cupcakes" has been added to Spring Fair.')).toBeDefined();
    expect(api.calls.find((c) => c.path === 'slots.create')?.input).toMatchObject({
      signupSheetId: 7,
      title: 'Cupcakes',
      maxVolunteers: 24,
      kind: 'item',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('stays closed without a sheet', () => {
    renderWithProviders(<AddSlotDialog opened sheet={null} onClose={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('SlotDialogs', () => {
  it("opens 'Edit Volunteer Slot' prefilled, hints about the event's day, and Cancel closes it", () => {
    renderWithProviders(<SlotControls onSettled={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Setup crew' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Volunteer Slot' });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Volunteer Role/).value).toBe('Setup crew');
    fireEvent.change(within(dialog).getByLabelText(/^Start Time/), { target: { value: '2031-05-04T08:00' } });
    expect(within(dialog).getByRole('status')).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("saves the slot, says 'Updated', closes and refetches", async () => {
    const api = fakeTrpc({ 'slots.update': (input) => ({ ...slot, ...(input as object) }) });
    const onSettled = vi.fn();
    renderWithProviders(<SlotControls onSettled={onSettled} />, { fetch: api.fetch });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Setup crew' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Volunteer Slot' });
    fireEvent.change(within(dialog).getByLabelText(/^Volunteer Role/), { target: { value: 'Setup team' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Slot' }));
    expect(await screen.findByText('The volunteer slot has been updated.')).toBeDefined();
    expect(api.calls.find((c) => c.path === 'slots.update')?.input).toMatchObject({ id: 4, title: 'Setup team' });
    await waitFor(() => expect(onSettled).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks before deleting the slot, naming it, and Cancel keeps it', () => {
    const api = fakeTrpc({});
    renderWithProviders(<SlotControls onSettled={vi.fn()} />, { fetch: api.fetch });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Setup crew' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Volunteer Slot' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete the volunteer slot "Setup crew"? Its signups will be removed too.',
      ),
    ).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('deletes the slot once confirmed, and says why when the server refuses', async () => {
    const api = fakeTrpc({
      'slots.delete': () => {
        throw new FakeTrpcError('NOT_FOUND', 'Volunteer slot not found');
      },
    });
    renderWithProviders(<SlotControls onSettled={vi.fn()} />, { fetch: api.fetch });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Setup crew' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Volunteer Slot' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Deletion Failed')).toBeDefined();
    expect(api.calls.find((c) => c.path === 'slots.delete')?.input).toEqual({ id: 4 });
  });
});
