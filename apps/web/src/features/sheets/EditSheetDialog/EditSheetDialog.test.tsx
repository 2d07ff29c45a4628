import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18nFor } from '@pac/i18n/server';
import { fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import { EditSheetDialog, ownerOptions, SheetEditForm, slotMoveMessage } from './EditSheetDialog';

const i18n = i18nFor('en');

const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

const sheet = {
  id: 5,
  title: 'Spring Fair',
  description: 'Games and food',
  location: 'Gym, 123 Main St',
  eventDate: schoolDate(2031, 4, 3, 17, 0),
  organizerName: 'Olivia',
  organizerEmail: 'olivia@example.org',
  ownerId: 2,
  maxSlotsPerPerson: null,
  questions: [],
};

function person(id: number, name: string, role: string) {
  return {
    id,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.org`,
    role,
    emailVerified: true,
    createdAt: new Date(2031, 0, 1),
    lastLoginAt: null,
    signups: 0,
    sheets: 0,
  };
}

const people = [
  person(1, 'Ada Admin', 'admin'),
  person(2, 'Olivia Organizer', 'organizer'),
  person(3, 'Pat Parent', 'member'),
];

describe('ownerOptions', () => {
  it('offers organizers and administrators, never members', () => {
    expect(ownerOptions(i18n, people as never)).toEqual([
      { value: '1', label: 'Ada Admin (ada@example.org) · admin' },
      { value: '2', label: 'Olivia Organizer (olivia@example.org)' },
    ]);
  });
});

describe('SheetEditForm', () => {
  it("starts from the sheet's values, with the create form's fields", () => {
    renderWithProviders(<SheetEditForm sheet={sheet} owners={null} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect(input(/^Event Title/).value).toBe('Spring Fair');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Description/).value).toBe('Games and food');
    expect(input(/^Event Date/).value).toBe('2031-05-03T17:00');
    expect(input(/^Organizer Name/).value).toBe('Olivia');
    expect(input(/^Organizer Email/).value).toBe('olivia@example.org');
    // Organizers do not choose the owner.
    expect(screen.queryAllByLabelText(/^Owner/)).toEqual([]);
  });

  it('hands over the edited fields without an owner when it did not change', () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SheetEditForm
        sheet={sheet}
        owners={ownerOptions(i18n, people as never)}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.change(input(/^Event Title/), { target: { value: ' Spring Fair 2031 ' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: '' } });
    expect(input(/^Location/).value).toBe('Gym, 123 Main St');
    fireEvent.change(input(/^Location/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledWith({
      id: 5,
      title: 'Spring Fair 2031',
      description: null,
      // Emptied: the sheet's location is cleared.
      location: null,
      eventDate: schoolDate(2031, 4, 3, 17, 0),
      organizerName: 'Olivia',
      organizerEmail: 'olivia@example.org',
      maxSlotsPerPerson: null,
      questions: [],
    });
  });

  it('refuses an empty title with the shared message and sends nothing', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SheetEditForm sheet={sheet} owners={null} onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.change(input(/^Event Title/), { target: { value: '' } });
    fireEvent.change(input(/^Event Date/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Title is required')).toBeDefined();
    expect(screen.getByText('Event date is required')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('slotMoveMessage', () => {
  it('says how many slots move and how far, or that they stay', () => {
    expect(slotMoveMessage(i18n, 3, 7 * 86_400_000, true)).toBe('3 slots will move 7 days later.');
    expect(slotMoveMessage(i18n, 1, -(86_400_000 + 2 * 3_600_000), true)).toBe(
      '1 slot will move 1 day, 2 hours earlier.',
    );
    expect(slotMoveMessage(i18n, 3, 7 * 86_400_000, false)).toBe('The 3 slots keep their times.');
    expect(slotMoveMessage(i18n, 1, 7 * 86_400_000, false)).toBe('The slot keeps its time.');
  });
});

describe('SheetEditForm: a new event date and the slots', () => {
  const hour = 3_600_000;
  const timed = (fromHours: number, toHours: number | null) => ({
    startTime: new Date(sheet.eventDate.getTime() + fromHours * hour),
    endTime: toHours === null ? null : new Date(sheet.eventDate.getTime() + toHours * hour),
  });
  const withSlots = { ...sheet, slots: [timed(0, 2), timed(2, 4), { startTime: null, endTime: null }] };
  const moveBox = () =>
    screen.queryByRole<HTMLInputElement>('checkbox', { name: 'Move the volunteer slots with the event date' });

  /** Types the event date a week later than the field shows (the same time of day). */
  function aWeekLater(): void {
    const field = input(/^Event Date/);
    const [day, time] = field.value.split('T');
    const next = new Date(`${day ?? ''}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 7);
    fireEvent.change(field, { target: { value: `${next.toISOString().slice(0, 10)}T${time ?? ''}` } });
  }

  it('says how many timed slots will move and how far, ticked by default, and sends moveSlots', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SheetEditForm sheet={withSlots} owners={null} onSubmit={onSubmit} onCancel={vi.fn()} />);
    expect(moveBox()).toBeNull();
    aWeekLater();
    expect(moveBox()?.checked).toBe(true);
    // The slot without a time happens on whatever the event date is: two slots move.
    expect(screen.getByText('2 slots will move 7 days later.')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const sent = onSubmit.mock.calls[0]?.[0] as { eventDate: Date; moveSlots?: boolean };
    expect(sent.moveSlots).toBe(true);
    expect(sent.eventDate.getTime() - sheet.eventDate.getTime()).toBe(7 * 24 * hour);
  });

  it('keeps the slots where they are when unticked', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SheetEditForm sheet={withSlots} owners={null} onSubmit={onSubmit} onCancel={vi.fn()} />);
    aWeekLater();
    const box = moveBox();
    if (!box) throw new Error('no Move checkbox');
    fireEvent.click(box);
    expect(screen.getByText('The 2 slots keep their times.')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ id: 5, moveSlots: false });
  });

  it("sends the sheet's own date, to the second, when the date was not changed (nothing moves)", () => {
    const onSubmit = vi.fn();
    const eventDate = new Date(sheet.eventDate.getTime() + 42_000);
    renderWithProviders(
      <SheetEditForm sheet={{ ...withSlots, eventDate }} owners={null} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    fireEvent.change(input(/^Event Title/), { target: { value: 'Spring Fair 2031' } });
    expect(moveBox()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const sent = onSubmit.mock.calls[0]?.[0] as { eventDate: Date };
    expect(sent.eventDate.getTime()).toBe(eventDate.getTime());
    expect(sent).not.toHaveProperty('moveSlots');
  });

  it('asks nothing when no slot has a time', () => {
    const onSubmit = vi.fn();
    const untimed = { ...sheet, slots: [{ startTime: null, endTime: null }] };
    renderWithProviders(<SheetEditForm sheet={untimed} owners={null} onSubmit={onSubmit} onCancel={vi.fn()} />);
    aWeekLater();
    expect(moveBox()).toBeNull();
    expect(screen.queryByText(/will move/)).toBeNull();
  });
});

describe('EditSheetDialog', () => {
  it('for an administrator: loads the people and hands the sheet to the chosen organizer', async () => {
    const server = fakeTrpc({
      'users.list': () => people,
      'sheets.update': (value) => ({ ...sheet, ...(value as object), slots: [] }),
    });
    const onClose = vi.fn();
    renderWithProviders(<EditSheetDialog opened sheet={sheet} onClose={onClose} />, {
      user: { id: 1, name: 'Ada Admin', isAdmin: true },
      fetch: server.fetch,
    });
    expect(screen.getByRole('dialog', { name: 'Edit Signup Sheet' })).toBeDefined();
    const owner = (await screen.findAllByLabelText(/^Owner/)).find((el) => el.tagName === 'INPUT');
    if (!owner) throw new Error('no Owner input');
    expect((owner as HTMLInputElement).value).toBe('Olivia Organizer (olivia@example.org)');
    fireEvent.click(owner);
    fireEvent.click(await screen.findByRole('option', { name: /Ada Admin/ }));
    expect(screen.queryByRole('option', { name: /Pat Parent/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.calls.find((c) => c.path === 'sheets.update')?.input).toMatchObject({ id: 5, ownerId: 1 });
    expect(await screen.findByText('Signup Sheet Updated')).toBeDefined();
  });

  it('for an organizer: never asks for the people list, and saves the fields', async () => {
    const server = fakeTrpc({ 'sheets.update': (value) => ({ ...sheet, ...(value as object), slots: [] }) });
    const onClose = vi.fn();
    renderWithProviders(<EditSheetDialog opened sheet={sheet} onClose={onClose} />, {
      user: { id: 2, name: 'Olivia Organizer', isAdmin: false },
      fetch: server.fetch,
    });
    fireEvent.change(input(/^Organizer Name/), { target: { value: 'Olivia O.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryAllByLabelText(/^Owner/)).toEqual([]);
    expect(server.calls.map((c) => c.path)).not.toContain('users.list');
    const sent = server.calls.find((c) => c.path === 'sheets.update')?.input;
    expect(sent).toMatchObject({ id: 5, organizerName: 'Olivia O.' });
    expect(sent).not.toHaveProperty('ownerId');
  });
});
