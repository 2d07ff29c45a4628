import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTrpc, FakeTrpcError } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
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

/** The run's slots, as the generator sends them. */
interface SentRun {
  signupSheetId: number;
  slots: {
    title: string;
    startTime: Date;
    endTime: Date;
    maxVolunteers: number;
    kind: string;
    location: string | null;
  }[];
}

const sheet = { id: 7, title: 'Spring Fair', eventDate: schoolDate(2031, 4, 3, 8, 0) };
const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText<HTMLInputElement>(label);

describe('AddSlotDialog, one slot after another', () => {
  it("starts a new slot at the sheet's event time; 'Save and add another' keeps the dialog open and goes on from its end", async () => {
    const api = fakeTrpc({
      'slots.create': (input) => ({ id: api.calls.length, currentVolunteers: 0, ...(input as object) }),
    });
    const onClose = vi.fn();
    renderWithProviders(<AddSlotDialog opened sheet={sheet} onClose={onClose} />, { fetch: api.fetch });
    const dialog = screen.getByRole('dialog', { name: 'Add Volunteer Slot' });
    expect(field(dialog, /^Start Time/).value).toBe('2031-05-03T08:00');
    expect(field(dialog, /^End Time/).value).toBe('2031-05-03T09:00');

    fireEvent.change(field(dialog, /^Task Title/), { target: { value: 'Setup crew' } });
    fireEvent.change(field(dialog, /^End Time/), { target: { value: '2031-05-03T08:30' } });
    fireEvent.change(field(dialog, /^Number of Volunteers Needed/), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and add another' }));

    expect(await screen.findByText('"Setup crew" has been added to Spring Fair.')).toBeDefined();
    await waitFor(() => expect(field(dialog, /^Start Time/).value).toBe('2031-05-03T08:30'));
    expect(field(dialog, /^End Time/).value).toBe('2031-05-03T09:00');
    // The title and capacity stay for the next slot of the run, and the focus is back on the title.
    expect(field(dialog, /^Task Title/).value).toBe('Setup crew');
    expect(field(dialog, /^Number of Volunteers Needed/).value).toBe('2');
    expect(document.activeElement).toBe(field(dialog, /^Task Title/));
    expect(within(dialog).getByText('For Spring Fair · 1 slot added')).toBeDefined();
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Slot' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = api.calls.filter((c) => c.path === 'slots.create').map((c) => c.input);
    expect(sent).toEqual([
      expect.objectContaining({
        signupSheetId: 7,
        title: 'Setup crew',
        startTime: schoolDate(2031, 4, 3, 8, 0),
        endTime: schoolDate(2031, 4, 3, 8, 30),
        maxVolunteers: 2,
      }),
      expect.objectContaining({
        signupSheetId: 7,
        title: 'Setup crew',
        startTime: schoolDate(2031, 4, 3, 8, 30),
        endTime: schoolDate(2031, 4, 3, 9, 0),
        maxVolunteers: 2,
      }),
    ]);
  });

  it('keeps what was typed when the server refuses, and says why', async () => {
    const api = fakeTrpc({
      'slots.create': () => {
        throw new FakeTrpcError('NOT_FOUND', 'Signup sheet not found');
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<AddSlotDialog opened sheet={sheet} onClose={onClose} />, { fetch: api.fetch });
    const dialog = screen.getByRole('dialog', { name: 'Add Volunteer Slot' });
    fireEvent.change(field(dialog, /^Task Title/), { target: { value: 'Setup crew' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and add another' }));
    expect(await screen.findByText('Signup sheet not found')).toBeDefined();
    expect(field(dialog, /^Start Time/).value).toBe('2031-05-03T08:00');
    expect(field(dialog, /^Task Title/).value).toBe('Setup crew');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe("AddSlotDialog, 'Several slots'", () => {
  /** Opens the dialog on 'Several slots'. */
  function openGenerator(procedures: Parameters<typeof fakeTrpc>[0] = {}) {
    const api = fakeTrpc(procedures);
    const onClose = vi.fn();
    renderWithProviders(<AddSlotDialog opened sheet={sheet} onClose={onClose} />, { fetch: api.fetch });
    const dialog = screen.getByRole('dialog', { name: 'Add Volunteer Slot' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Several slots' }));
    return { api, onClose, dialog };
  }
  const preview = (dialog: HTMLElement) => {
    const live = dialog.querySelector('[aria-live="polite"]');
    if (!live) throw new Error('no live preview');
    return live.textContent;
  };

  it('generates 8 slots of 30 minutes from 8:00 to 12:00 on the sheet’s day, previews them and adds them in one request', async () => {
    const { api, onClose, dialog } = openGenerator({
      'slots.createMany': (input) =>
        (input as SentRun).slots.map((slot, i) => ({ id: 20 + i, signupSheetId: 7, currentVolunteers: 0, ...slot })),
    });
    expect(within(dialog).getByRole('radiogroup', { name: 'How many slots to add' })).toBeDefined();
    // The sheet's day and time, two hours of half-hour slots, to start with.
    expect(field(dialog, /^Day/).value).toBe('2031-05-03');
    expect(field(dialog, /^From/).value).toBe('08:00');
    expect(field(dialog, /^To/).value).toBe('10:00');
    expect(field(dialog, /^Every \(minutes\)/).value).toBe('30');
    expect(preview(dialog)).toBe('4 slots: 8:00 AM–8:30 AM, 8:30 AM–9:00 AM, …, 9:30 AM–10:00 AM');

    fireEvent.change(field(dialog, /^Task Title/), { target: { value: 'Pancake flipping' } });
    fireEvent.change(field(dialog, /^To/), { target: { value: '12:00' } });
    fireEvent.change(field(dialog, /^Volunteers per slot/), { target: { value: '3' } });
    expect(preview(dialog)).toBe('8 slots: 8:00 AM–8:30 AM, 8:30 AM–9:00 AM, …, 11:30 AM–12:00 PM');
    const list = within(dialog).getByRole('list', { name: 'Slots to add' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toHaveLength(8);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 8 slots' }));
    expect(await screen.findByText('Added 8 slots to Spring Fair.')).toBeDefined();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const calls = api.calls.filter((c) => c.path === 'slots.createMany');
    expect(calls).toHaveLength(1);
    const sent = calls[0]?.input as SentRun;
    expect(sent.signupSheetId).toBe(7);
    expect(sent.slots).toHaveLength(8);
    expect(sent.slots.map((s) => [s.startTime, s.endTime])).toEqual(
      Array.from({ length: 8 }, (_, i) => [schoolDate(2031, 4, 3, 8, 30 * i), schoolDate(2031, 4, 3, 8, 30 * (i + 1))]),
    );
    for (const slot of sent.slots) {
      expect(slot).toMatchObject({ title: 'Pancake flipping', maxVolunteers: 3, kind: 'task', location: null });
    }
  });

  it('shows a run’s problem on its field as it is typed, with the count on the button', () => {
    const { dialog } = openGenerator();
    fireEvent.change(field(dialog, /^To/), { target: { value: '07:00' } });
    const to = field(dialog, /^To/);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    const described = to.getAttribute('aria-describedby') ?? '';
    expect(described.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
      'To must be after From',
    );
    expect(preview(dialog)).toBe('No slots yet: check the times above.');
    expect(within(dialog).getByRole('button', { name: 'Add slots' })).toBeDefined();

    fireEvent.change(field(dialog, /^To/), { target: { value: '12:00' } });
    fireEvent.change(field(dialog, /^Every \(minutes\)/), { target: { value: '0' } });
    expect(within(dialog).getByText('Every must be a whole number of minutes, at least 1')).toBeDefined();
    fireEvent.change(field(dialog, /^From/), { target: { value: '00:00' } });
    fireEvent.change(field(dialog, /^To/), { target: { value: '23:00' } });
    fireEvent.change(field(dialog, /^Every \(minutes\)/), { target: { value: '5' } });
    expect(within(dialog).getByText('You can add at most 100 slots at once')).toBeDefined();
    fireEvent.change(field(dialog, /^Every \(minutes\)/), { target: { value: '60' } });
    expect(within(dialog).getByRole('button', { name: 'Add 23 slots' })).toBeDefined();
    fireEvent.change(field(dialog, /^Every \(minutes\)/), { target: { value: '1380' } });
    expect(within(dialog).getByRole('button', { name: 'Add 1 slot' })).toBeDefined();
  });

  it('needs a title before sending anything, and asks for an item’s quantity per slot', () => {
    const { api, dialog } = openGenerator();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 4 slots' }));
    expect(within(dialog).getByText('Title is required')).toBeDefined();
    expect(api.calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Item to bring' }));
    expect(field(dialog, /^Item Name/)).toBeDefined();
    expect(field(dialog, /^Quantity needed per slot/)).toBeDefined();
  });

  it('shows a refusal about one slot of the run on its field', async () => {
    const { onClose, dialog } = openGenerator({
      'slots.createMany': () => {
        throw new FakeTrpcError('BAD_REQUEST', 'Must be at most 200 characters', {
          reason: 'invalidInput',
          field: 'slots.3.location',
        });
      },
    });
    fireEvent.change(field(dialog, /^Task Title/), { target: { value: 'Parking' } });
    fireEvent.change(field(dialog, /^Location/), { target: { value: 'Lot B' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 4 slots' }));
    expect(await within(dialog).findByText('Must be at most 200 characters')).toBeDefined();
    expect(field(dialog, /^Location/).getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says why when the server refuses the run as a whole', async () => {
    const { dialog } = openGenerator({
      'slots.createMany': () => {
        throw new FakeTrpcError('NOT_FOUND', 'Signup sheet not found');
      },
    });
    fireEvent.change(field(dialog, /^Task Title/), { target: { value: 'Parking' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 4 slots' }));
    expect(await screen.findByText('Creation Failed')).toBeDefined();
    expect(screen.getByText('Signup sheet not found')).toBeDefined();
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
