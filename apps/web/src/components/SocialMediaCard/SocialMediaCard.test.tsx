import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { SocialMediaCard, SocialStatusBadges } from './SocialMediaCard';

const platform = (name: string) =>
  within(screen.getByRole('list', { name: 'Social media status' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(name));

describe('SocialStatusBadges', () => {
  it("says 'Connected' or 'Setup Required' for each platform", () => {
    renderWithProviders(<SocialStatusBadges status={{ facebook: true, instagram: false }} />);
    expect(platform('Facebook')?.textContent).toContain('Connected');
    expect(platform('Instagram')?.textContent).toContain('Setup Required');
  });
});

describe('SocialMediaCard', () => {
  it('names the three settings and offers the five actions', () => {
    renderWithProviders(<SocialMediaCard />);
    const card = screen.getByRole('region', { name: 'Social Media Integration' });
    for (const setting of ['FACEBOOK_PAGE_ID', 'FACEBOOK_ACCESS_TOKEN', 'INSTAGRAM_USER_ID']) {
      expect(within(card).getByText(setting)).toBeDefined();
    }
    for (const name of [
      'Test Social Media Connection',
      'Process Social Media Notifications',
      'Create Demo Notifications',
      'Send Test Posts to Social Media',
      'Send Test Posts to Email',
    ]) {
      expect(within(card).getByRole('button', { name })).toBeDefined();
    }
  });

  it("shows 'Setup Required' when the status cannot be read", async () => {
    renderWithProviders(<SocialMediaCard />);
    expect(await screen.findAllByText('Setup Required')).toHaveLength(2);
  });
});
