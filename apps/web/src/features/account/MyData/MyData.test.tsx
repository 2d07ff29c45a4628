import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeTrpcError, type FakeProcedure, fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import { readStoredUser } from '../../../lib/session/storedUser';
import { DeleteAccountCard } from './DeleteAccountCard';
import { MyDataCard } from './MyDataCard';

const user = { id: 3, name: 'Pat Parent', isAdmin: false };

/** What privacy.exportMine answers for Pat: one signup with notes and answers, two consent changes. */
function held() {
  return {
    exportedAt: schoolDate(2026, 10, 20, 9, 30),
    account: {
      id: 3,
      name: 'Pat Parent',
      email: 'pat@example.org',
      phone: '555-0199',
      role: 'member',
      emailVerified: true,
      emailConsent: false,
      createdAt: schoolDate(2026, 8, 1, 8, 0),
      lastLoginAt: null,
    },
    signups: [
      {
        id: 42,
        status: 'confirmed',
        name: 'Pat Parent',
        email: 'pat@example.org',
        phone: '555-0199',
        notes: 'Bringing my own brushes',
        answers: [
          { question: 'T-shirt size', answer: 'M' },
          { question: 'First aid trained', answer: true },
        ],
        quantity: 1,
        signupTime: schoolDate(2026, 10, 3, 16, 5),
        emailConsent: false,
        attended: null,
        sheet: {
          id: 7,
          title: 'Spring Carnival',
          eventDate: schoolDate(2026, 11, 10, 16, 0),
          location: 'School gym',
          organizerName: 'Olivia Organizer',
        },
        slot: {
          id: 9,
          title: 'Face painting',
          startTime: schoolDate(2026, 11, 10, 16, 0),
          endTime: schoolDate(2026, 11, 10, 18, 0),
          location: null,
        },
      },
    ],
    consentHistory: [
      { consent: true, source: 'signup', at: schoolDate(2026, 10, 3, 16, 5) },
      { consent: false, source: 'unsubscribe', at: schoolDate(2026, 10, 5, 7, 45) },
    ],
  };
}

beforeEach(() => {
  notifications.clean();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MyDataCard', () => {
  it("shows nothing held until asked; 'Show my data' says it all in words, on the school's clock", async () => {
    const server = fakeTrpc({ 'privacy.exportMine': () => held() });
    renderWithProviders(<MyDataCard />, { user, fetch: server.fetch });
    const region = screen.getByRole('region', { name: 'Your Data' });
    expect(server.calls.some((c) => c.path === 'privacy.exportMine')).toBe(false);

    const show = within(region).getByRole('button', { name: 'Show my data' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    expect(within(region).getByRole('button', { name: 'Hide my data' }).getAttribute('aria-expanded')).toBe('true');

    const account = await within(region).findByRole('region', { name: 'Your account' });
    expect(within(account).getByText('pat@example.org')).toBeDefined();
    expect(within(account).getByText('555-0199')).toBeDefined();
    expect(within(account).getByText('Member')).toBeDefined();
    expect(within(account).getByText('Never')).toBeDefined();

    const signups = within(region).getByRole('region', { name: 'Your signups (1)' });
    const signup = within(signups).getByRole('listitem', { name: 'Spring Carnival: Face painting' });
    expect(within(signup).getByText('Thursday, December 10, 2026 · 4:00 PM – 6:00 PM')).toBeDefined();
    expect(within(signup).getByText('School gym')).toBeDefined();
    expect(within(signup).getByText('Confirmed')).toBeDefined();
    expect(within(signup).getByText('Bringing my own brushes')).toBeDefined();
    expect(within(signup).getByText('T-shirt size').nextElementSibling?.textContent).toBe('M');
    expect(within(signup).getByText('First aid trained').nextElementSibling?.textContent).toBe('Yes');
    expect(within(signup).getByText('Not marked')).toBeDefined();
    expect(within(signup).getByText('Olivia Organizer')).toBeDefined();

    const consent = within(region).getByRole('region', { name: 'Your email choices' });
    expect(
      within(consent)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'You agreed to reminder emails on the signup form — Tuesday, November 3, 2026 at 4:05 PM',
      'You stopped reminder emails with the unsubscribe link — Thursday, November 5, 2026 at 7:45 AM',
    ]);
    expect(
      within(region).getByText('What PAC Hub holds about you on Friday, November 20, 2026 at 9:30 AM.'),
    ).toBeDefined();

    fireEvent.click(within(region).getByRole('button', { name: 'Hide my data' }));
    expect(within(region).queryByRole('region', { name: 'Your account' })).toBeNull();
  });

  it('says when nothing is held: no signups, no consent changes', async () => {
    const server = fakeTrpc({ 'privacy.exportMine': () => ({ ...held(), signups: [], consentHistory: [] }) });
    renderWithProviders(<MyDataCard />, { user, fetch: server.fetch });
    fireEvent.click(screen.getByRole('button', { name: 'Show my data' }));
    expect(await screen.findByText('No signups are held for you.')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Your signups (0)' })).toBeDefined();
    expect(screen.getByText('No changes to your email choices are recorded.')).toBeDefined();
  });

  it('says so when the data cannot be loaded, and tries again', async () => {
    let fail = true;
    const server = fakeTrpc({
      'privacy.exportMine': () => {
        if (fail) throw new FakeTrpcError('UNAUTHORIZED', 'Please sign in');
        return held();
      },
    });
    renderWithProviders(<MyDataCard />, { user, fetch: server.fetch });
    fireEvent.click(screen.getByRole('button', { name: 'Show my data' }));
    expect(await screen.findByText('Could not load your data')).toBeDefined();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your account' })).toBeDefined();
  });

  it("'Download my data' saves the export as pac-hub-my-data.json and shows the same in words", async () => {
    const file = JSON.stringify({ account: { email: 'pat@example.org' } });
    const fetchFile = vi.fn((_path: string, _init?: RequestInit) =>
      Promise.resolve(new Response(file, { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
    vi.stubGlobal('fetch', fetchFile);
    let saved: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:my-data';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const server = fakeTrpc({ 'privacy.exportMine': () => held() });
    renderWithProviders(<MyDataCard />, { user, fetch: server.fetch });

    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:my-data', download: 'pac-hub-my-data.json' }]));
    expect(fetchFile.mock.calls[0]?.[0]).toBe('/api/auth/export');
    expect(fetchFile.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(await (saved as Blob | null)?.text()).toBe(file);
    expect(await screen.findByRole('region', { name: 'Your signups (1)' })).toBeDefined();
  });

  it("says 'Download Failed' with the server's sentence when the file cannot be had", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ message: 'Please sign in' }), {
            status: 401,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      ),
    );
    renderWithProviders(<MyDataCard />, { user, fetch: fakeTrpc({ 'privacy.exportMine': () => held() }).fetch });
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Download Failed')).toBeDefined();
    expect(screen.getByText('Please sign in')).toBeDefined();
  });
});

/** Where the router is: the deletion leaves the profile for the home page. */
function Where() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderDeleteCard(procedures: Record<string, FakeProcedure>) {
  const server = fakeTrpc({ 'auth.me': () => ({ ...user, email: 'pat@example.org' }), ...procedures });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/profile/:userId" element={<DeleteAccountCard />} />
        <Route path="*" element={<p>Home</p>} />
      </Routes>
      <Where />
    </>,
    { route: '/profile/3', user, fetch: server.fetch },
  );
  return server;
}

/** The field's error text, found through the input's aria-describedby (so it is on that field). */
function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element?.id.endsWith('-error')) return element.textContent;
  }
  return null;
}

describe('DeleteAccountCard', () => {
  it('says what deleting does, and asks for the password in a dialog before anything is deleted', async () => {
    const server = renderDeleteCard({});
    const region = screen.getByRole('region', { name: 'Delete Account' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Your account ends, and you are signed out everywhere.',
      'Your signups stay counted for the organizers, but without your name, email or phone.',
      'Your volunteer hours leave with you: nothing keeps them under your name.',
      'PAC Hub stops sending you emails.',
    ]);
    fireEvent.click(within(region).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    const password = within(dialog).getByLabelText(/^Password/);
    expect(password.getAttribute('type')).toBe('password');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(errorOf(password)).toBe('Password is required'));
    expect(server.calls.some((c) => c.path === 'privacy.deleteAccount')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Account' })).toBeNull());
    expect(readStoredUser()).toEqual(user);
  });

  it("shows a wrong password's refusal on the field, and keeps the account", async () => {
    renderDeleteCard({
      'privacy.deleteAccount': () => {
        throw new FakeTrpcError('BAD_REQUEST', 'Password is incorrect', { reason: 'wrongPassword', field: 'password' });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    const password = within(dialog).getByLabelText(/^Password/);
    fireEvent.change(password, { target: { value: 'not-my-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(errorOf(password)).toBe('Password is incorrect'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('path').textContent).toBe('/profile/3');
    expect(readStoredUser()).toEqual(user);
  });

  it("says why the last administrator's account stays, above the buttons", async () => {
    renderDeleteCard({
      'privacy.deleteAccount': () => {
        throw new FakeTrpcError('CONFLICT', 'The last administrator account cannot be deleted', {
          reason: 'lastAdmin',
        });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'admin-password-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Your account was not deleted');
    expect(alert.textContent).toContain('The last administrator account cannot be deleted');
    expect(readStoredUser()).toEqual(user);
  });

  it('deletes with the password, forgets the user, says so and goes home', async () => {
    const server = renderDeleteCard({ 'privacy.deleteAccount': () => ({ success: true }) });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'first-secret-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/'));
    expect(await screen.findByText('Your account has been deleted.')).toBeDefined();
    expect(readStoredUser()).toBeNull();
    expect(server.calls.filter((c) => c.path === 'privacy.deleteAccount').map((c) => c.input)).toEqual([
      { password: 'first-secret-1' },
    ]);
  });
});
