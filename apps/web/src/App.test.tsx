import { appPages } from '@pac/validators/page-data';
import { screen } from '@testing-library/react';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { createRoutesFromChildren } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from './App';
import { renderWithProviders } from '../test/renderWithProviders';

describe('routes', () => {
  it('routes exactly the pages of appPages, which the server answers 200, and the rest to the 404 page', () => {
    // AppRoutes is <Suspense><Routes>{routes}</Routes></Suspense>.
    const routes = (AppRoutes() as ReactElement<{ children: ReactNode }>).props.children;
    expect(isValidElement(routes)).toBe(true);
    const paths = createRoutesFromChildren((routes as ReactElement<{ children: ReactNode }>).props.children).map(
      (route) => route.path,
    );
    expect(paths).toEqual([...Object.values(appPages).map((page) => page.path), '*']);
  });

  it('shows the 404 page for an unknown route', async () => {
    renderWithProviders(<AppRoutes />, { route: '/this/page/does-not-exist' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeDefined();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeDefined();
  });

  it('shows the privacy policy with its sections', async () => {
    renderWithProviders(<AppRoutes />, { route: '/privacy-policy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeDefined();
    for (const section of [
      /commitment/i,
      /information we collect/i,
      /how we use/i,
      /share/i,
      /security/i,
      /rights/i,
      /children under 13/i,
      /cookies/i,
      /third-party/i,
      /retention/i,
      /changes/i,
      /contact/i,
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeDefined();
    }
  });

  it.each([
    ['/admin', 'Admin Access Required'],
    ['/profile/3', 'Profile Not Found'],
    ['/monitoring', 'Monitoring Dashboard'],
  ])('routes %s to its page', async (route, heading) => {
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeDefined();
  });

  it('shows the home page with a loading state while the sheets are fetched', () => {
    renderWithProviders(<AppRoutes />, { route: '/' });
    expect(screen.getByRole('heading', { name: 'Upcoming Volunteer Opportunities' })).toBeDefined();
    expect(screen.getByLabelText('Loading volunteer opportunities')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
  });
});
