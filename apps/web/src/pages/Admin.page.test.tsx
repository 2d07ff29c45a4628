import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../App';
import { renderWithProviders } from '../../test/renderWithProviders';

describe('/admin', () => {
  it("shows an admin the dashboard: its title, 'Create New Sign Up' and three tabs", async () => {
    renderWithProviders(<AppRoutes />, { route: '/admin', user: { id: 1, name: 'Ada Admin', isAdmin: true } });
    // The dashboard's chunk loads on demand: on a busy machine that can take more than findBy's default second.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'PAC Admin Dashboard' }, { timeout: 15_000 }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Create New Sign Up' })).toBeDefined();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Overview',
      'Website Monitoring',
      'Email Settings',
      'People',
      'Privacy',
    ]);
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    // The stat tiles come first; the rest of the Overview follows once they are on screen.
    expect(screen.getByRole('group', { name: 'Active Signups' })).toBeDefined();
    expect(await screen.findByRole('region', { name: 'Website Settings' }, { timeout: 15_000 })).toBeDefined();
    expect(await screen.findByRole('region', { name: 'Manage Signup Sheets' })).toBeDefined();
    fireEvent.click(screen.getByRole('tab', { name: 'Email Settings' }));
    expect(screen.getByRole('tab', { name: 'Email Settings' }).getAttribute('aria-selected')).toBe('true');
  });

  it('keeps a signed-out visitor at the gate', async () => {
    renderWithProviders(<AppRoutes />, { route: '/admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Access Required' })).toBeDefined();
    expect(screen.queryByText('PAC Admin Dashboard')).toBeNull();
  });
});
