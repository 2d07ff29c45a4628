import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeTrpc } from '../../test/fakeTrpc';
import { renderWithProviders } from '../../test/renderWithProviders';
import { EditSheetDialog, ownerOptions, SheetEditForm } from './EditSheetDialog';

const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

const sheet = {
  id: 5,
  title: 'Spring Fair',
  description: 'Games and food',
  eventDate: new Date(2031, 4, 3, 17, 0),
  organizerName: 'Olivia',
  organizerEmail: 'olivia@example.org',
  ownerId: 2,
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
    expect(ownerOptions(people as never)).toEqual([
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
      <SheetEditForm sheet={sheet} owners={ownerOptions(people as never)} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    fireEvent.change(input(/^Event Title/), { target: { value: ' Spring Fair 2031 ' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledWith({
      id: 5,
      title: 'Spring Fair 2031',
      description: null,
      eventDate: new Date(2031, 4, 3, 17, 0),
      organizerName: 'Olivia',
      organizerEmail: 'olivia@example.org',
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
