import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import MonitoringPage from './Monitoring.page';

describe('/monitoring', () => {
  it('keeps a signed-out visitor at the admin gate, under the page title', () => {
    renderWithProviders(<MonitoringPage />, { route: '/monitoring' });
    expect(screen.getByRole('heading', { name: 'Monitoring Dashboard' })).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Sign In as Admin' })).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Social Media Status' })).toBeNull();
  });

  it('denies a signed-in user who is not an admin', () => {
    renderWithProviders(<MonitoringPage />, {
      route: '/monitoring',
      user: { id: 3, name: 'Pat Parent', isAdmin: false },
    });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeDefined();
  });

  it('shows an admin the social-media status and the monitoring panel', async () => {
    renderWithProviders(<MonitoringPage />, {
      route: '/monitoring',
      user: { id: 1, name: 'Ada Admin', isAdmin: true },
    });
    const links = screen.getAllByRole('link', { name: 'Back to Home' });
    expect(links[0]?.getAttribute('href')).toBe('/');
    const status = screen.getByRole('region', { name: 'Social Media Status' });
    // No platform is connected (here the server cannot be reached): the test-post button waits.
    expect(await within(status).findAllByText('Setup Required')).toHaveLength(2);
    expect(
      within(status).getByRole('button', { name: 'Send Test Posts to Social Media' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getByRole('heading', { name: 'Website Monitoring' })).toBeDefined();
    expect(screen.getByRole('region', { name: 'Activity Feed' })).toBeDefined();
  });
});
