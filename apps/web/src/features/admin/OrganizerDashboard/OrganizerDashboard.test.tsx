import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import type { SheetListItem } from '../../../types';
import { OrganizerDashboard } from './OrganizerDashboard';

const organizer = { id: 2, name: 'Olu Organizer', email: 'olu@example.org', role: 'organizer', isAdmin: false };

const sheet = (id: number, title: string, days: number): SheetListItem => ({
  id,
  title,
  description: null,
  location: null,
  eventDate: new Date(Date.now() + days * 86_400_000),
  organizerName: organizer.name,
  organizerEmail: organizer.email,
  ownerId: organizer.id,
  maxSlotsPerPerson: null,
  questions: [],
  notifyOrganizer: 'each',
  createdAt: new Date(),
  slots: [],
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OrganizerDashboard', () => {
  it('shows their sheets first, above the quick actions and reminders', async () => {
    const server = fakeTrpc({
      'auth.me': () => organizer,
      'sheets.managed': () => [sheet(1, 'Book Fair', 3)],
      'reminders.pending': () => [],
    });
    renderWithProviders(<OrganizerDashboard />, {
      user: { id: 2, name: organizer.name, isAdmin: false },
      fetch: server.fetch,
    });
    const card = await screen.findByRole('article', { name: 'Book Fair' });
    const quickActions = await screen.findByRole('group', { name: 'Create New Signup Sheet' }, { timeout: 10_000 });
    const reminders = await screen.findByRole('region', { name: 'Email Reminder Management' }, { timeout: 10_000 });
    expect(card.compareDocumentPosition(quickActions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(card.compareDocumentPosition(reminders) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The cards asked for nothing but their own list.
    expect(server.calls.findIndex((c) => c.path === 'sheets.managed')).toBeLessThan(
      server.calls.findIndex((c) => c.path === 'reminders.pending'),
    );
  });

  it('after Create Sheet, takes the organizer to the new sheet: in view, focused, with adding slots next', async () => {
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    const sheets = [sheet(1, 'Book Fair', 3), sheet(2, 'Bake Sale', 5)];
    const server = fakeTrpc({
      'auth.me': () => organizer,
      'sheets.managed': () => sheets,
      'reminders.pending': () => [],
      'stats.get': () => ({}),
      'sheets.create': (input) => {
        const created = { ...sheet(3, 'Fun Run', 30), ...(input as object), id: 3 };
        sheets.push(created);
        return created;
      },
    });
    renderWithProviders(<OrganizerDashboard />, {
      user: { id: 2, name: organizer.name, isAdmin: false },
      fetch: server.fetch,
    });
    await screen.findByRole('article', { name: 'Book Fair' });
    fireEvent.click(screen.getByRole('button', { name: 'Create New Sign Up' }));
    // The dialog's code loads on demand: the first time, this test's environment compiles it.
    const dialog = await screen.findByRole('dialog', { name: 'Create New Signup Sheet' }, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByLabelText(/^Event Title/), { target: { value: 'Fun Run' } });
    fireEvent.change(within(dialog).getByLabelText('Email me about signups'), { target: { value: 'daily' } });
    // In the app the session's account is already known and fills these in; here it answers later.
    fireEvent.change(within(dialog).getByLabelText(/^Organizer Name/), { target: { value: organizer.name } });
    fireEvent.change(within(dialog).getByLabelText(/^Organizer Email/), { target: { value: organizer.email } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Sheet' }));

    const card = await screen.findByRole('article', { name: 'Fun Run' });
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('heading', { name: 'Fun Run' })));
    expect(within(card).getByText('Next: add the volunteer slots people sign up for.')).toBeDefined();
    expect(server.calls.find((c) => c.path === 'sheets.create')?.input).toMatchObject({
      title: 'Fun Run',
      organizerEmail: organizer.email,
      notifyOrganizer: 'daily',
    });
  });
});
