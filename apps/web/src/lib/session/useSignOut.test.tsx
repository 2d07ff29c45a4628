import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { readStoredUser } from './storedUser';
import { useSignOut } from './useSignOut';

function Probe() {
  const { signOut } = useSignOut();
  const { pathname } = useLocation();
  return (
    <>
      <button type="button" onClick={signOut}>
        Logout
      </button>
      <p data-testid="path">{pathname}</p>
    </>
  );
}

function renderAt(route: string) {
  renderWithProviders(
    <Routes>
      <Route path="*" element={<Probe />} />
    </Routes>,
    { route, user: { id: 3, name: 'Pat Parent', isAdmin: false } },
  );
}

describe('useSignOut', () => {
  it('goes home when signing out on a profile page, instead of leaving it to say Profile Not Found', async () => {
    renderAt('/profile/3');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/'));
    expect(readStoredUser()).toBeNull();
  });

  it('stays on any other page', async () => {
    renderAt('/signup-sheet/4');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(readStoredUser()).toBeNull());
    expect(screen.getByTestId('path').textContent).toBe('/signup-sheet/4');
  });
});
