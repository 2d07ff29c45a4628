import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeTrpc } from '../../test/fakeTrpc';
import { renderWithProviders } from '../../test/renderWithProviders';
import { schoolDate } from '../../test/schoolTime';
import ProfilePage from './Profile.page';

const pat = { id: 3, name: 'Pat Parent', isAdmin: false };
const admin = { id: 1, name: 'Ada Admin', isAdmin: true };

function profileOf(id: number, name: string) {
  return {
    id,
    name,
    email: `${name.split(' ')[0]?.toLowerCase() ?? 'x'}@example.org`,
    phone: null,
    role: 'member',
    isAdmin: false,
    emailVerified: true,
    emailConsent: false,
    createdAt: schoolDate(2030, 8, 1),
    lastLoginAt: null,
    volunteerHistory: [],
    totalSignups: 0,
    totalHours: 0,
  };
}

function renderProfile(route: string, viewer: typeof pat) {
  const server = fakeTrpc({
    'auth.me': () => ({ ...viewer, email: 'viewer@example.org' }),
    'auth.profile': (input) => {
      const { userId } = input as { userId: number };
      return profileOf(userId, userId === pat.id ? pat.name : 'Sam Someone');
    },
    'calendar.myFeed': () => ({ url: 'https://pac.example.org/api/calendar/feed/3.sig.ics' }),
  });
  renderWithProviders(
    <Routes>
      <Route path="/profile/:userId" element={<ProfilePage />} />
    </Routes>,
    { route, user: viewer, fetch: server.fetch },
  );
  return server;
}

describe('/profile/:userId: Your Data and Delete Account', () => {
  it('are on your own profile', async () => {
    renderProfile('/profile/3', pat);
    await screen.findByRole('heading', { level: 1, name: 'Pat Parent' });
    expect(screen.getByRole('region', { name: 'Your Data' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Show my data' })).toBeDefined();
    expect(screen.getByRole('region', { name: 'Delete Account' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeDefined();
  });

  it("are not on someone else's profile that an admin opens", async () => {
    const server = renderProfile('/profile/9', admin);
    await screen.findByRole('heading', { level: 1, name: 'Sam Someone' });
    expect(screen.queryByRole('region', { name: 'Your Data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download my data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show my data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
    expect(server.calls.some((c) => c.path.startsWith('privacy.'))).toBe(false);
  });
});
