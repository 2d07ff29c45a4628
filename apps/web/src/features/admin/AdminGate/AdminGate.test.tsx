import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { currentUserKey } from '../../../lib/session/storedUser';
import { AdminGate } from './AdminGate';

function Dashboard() {
  return <h1>Behind the gate</h1>;
}

describe('AdminGate', () => {
  it('asks a signed-out visitor to sign in as admin, with a sample admin address', async () => {
    const onSignedIn = vi.fn();
    renderWithProviders(
      <AdminGate onSignedIn={onSignedIn}>
        <Dashboard />
      </AdminGate>,
    );
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeDefined();
    expect(screen.getByText('admin@example.org')).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Behind the gate' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');

    fireEvent.click(screen.getByRole('button', { name: 'Sign In as Admin' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Email/).placeholder).toBe('admin@example.org');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('denies a signed-in user who is not an admin, naming the account', () => {
    renderWithProviders(
      <AdminGate>
        <Dashboard />
      </AdminGate>,
      { user: { id: 3, name: 'Pat Parent', isAdmin: false } },
    );
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeDefined();
    expect(screen.getByText('Pat Parent')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Behind the gate' })).toBeNull();
  });

  it('signs out from Access Denied: the stored user is cleared and the gate asks for an admin', async () => {
    renderWithProviders(
      <AdminGate>
        <Dashboard />
      </AdminGate>,
      { user: { id: 3, name: 'Pat Parent', isAdmin: false } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('heading', { name: 'Admin Access Required' });
    expect(localStorage.getItem(currentUserKey)).toBeNull();
  });

  it('lets a stored admin through', () => {
    renderWithProviders(
      <AdminGate>
        <Dashboard />
      </AdminGate>,
      { user: { id: 1, name: 'Ada Admin', isAdmin: true } },
    );
    expect(screen.getByRole('heading', { name: 'Behind the gate' })).toBeDefined();
    expect(screen.queryByText('Admin Access Required')).toBeNull();
  });

  it.each(['{not json', '{"id":"1","name":"Ada","isAdmin":true}', '"admin"'])(
    'removes a corrupt stored user (%s) and treats the visitor as signed out',
    (raw) => {
      localStorage.setItem(currentUserKey, raw);
      renderWithProviders(
        <AdminGate>
          <Dashboard />
        </AdminGate>,
      );
      expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeDefined();
      expect(localStorage.getItem(currentUserKey)).toBeNull();
    },
  );

  it('reads storage again on arrival, removing a corrupt entry written after the app loaded', async () => {
    function Later() {
      const [arrived, setArrived] = useState(false);
      return arrived ? (
        <AdminGate>
          <Dashboard />
        </AdminGate>
      ) : (
        <button type="button" onClick={() => setArrived(true)}>
          Go to admin
        </button>
      );
    }
    renderWithProviders(<Later />, { user: { id: 1, name: 'Ada Admin', isAdmin: true } });
    localStorage.setItem(currentUserKey, '{oops');
    fireEvent.click(screen.getByRole('button', { name: 'Go to admin' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeDefined());
    expect(localStorage.getItem(currentUserKey)).toBeNull();
  });

  describe('organizers', () => {
    const me = (role: string) => ({
      id: 5,
      name: 'Olivia Organizer',
      email: 'olivia@example.org',
      role,
      isAdmin: false,
    });
    const organizer = { id: 5, name: 'Olivia Organizer', isAdmin: false };

    it("shows an organizer their part of the dashboard, as the session's role says", async () => {
      const server = fakeTrpc({ 'auth.me': () => me('organizer') });
      renderWithProviders(
        <AdminGate organizerView={<h1>Organizer part</h1>}>
          <Dashboard />
        </AdminGate>,
        { user: organizer, fetch: server.fetch },
      );
      expect(await screen.findByRole('heading', { name: 'Organizer part' })).toBeDefined();
      expect(screen.queryByRole('heading', { name: 'Behind the gate' })).toBeNull();
      expect(screen.queryByText('Access Denied')).toBeNull();
    });

    it('denies a member even where organizers have a view', async () => {
      const server = fakeTrpc({ 'auth.me': () => me('member') });
      renderWithProviders(
        <AdminGate organizerView={<h1>Organizer part</h1>}>
          <Dashboard />
        </AdminGate>,
        { user: organizer, fetch: server.fetch },
      );
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeDefined();
      expect(screen.queryByRole('heading', { name: 'Organizer part' })).toBeNull();
    });

    it('denies an organizer where no organizer view is given', () => {
      const server = fakeTrpc({ 'auth.me': () => me('organizer') });
      renderWithProviders(
        <AdminGate>
          <Dashboard />
        </AdminGate>,
        { user: organizer, fetch: server.fetch },
      );
      expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeDefined();
    });
  });
});
