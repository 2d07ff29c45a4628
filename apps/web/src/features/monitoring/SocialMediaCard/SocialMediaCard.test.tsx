import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { noPlatformConnected, SendTestPostsButton } from './SendTestPostsButton';
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

  it("disables 'Send Test Posts to Social Media' on the Overview when neither platform is connected", async () => {
    renderWithProviders(<SocialMediaCard />);
    const card = screen.getByRole('region', { name: 'Social Media Integration' });
    await within(card).findByText('Connect Facebook or Instagram to send test posts.');
    const button = within(card).getByRole('button', { name: 'Send Test Posts to Social Media' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe(
      within(card).getByText('Connect Facebook or Instagram to send test posts.').id,
    );
  });
});

describe('SendTestPostsButton', () => {
  const button = () => screen.getByRole('button', { name: 'Send Test Posts to Social Media' });

  it('is enabled when either platform is connected', () => {
    const { unmount } = renderWithProviders(<SendTestPostsButton status={{ facebook: true, instagram: false }} />);
    expect(button().hasAttribute('disabled')).toBe(false);
    unmount();
    renderWithProviders(<SendTestPostsButton status={{ facebook: false, instagram: true }} />);
    expect(button().hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Connect Facebook or Instagram to send test posts.')).toBeNull();
  });

  it('is disabled, with the reason, when neither is connected; disabled without it while the status loads', () => {
    const { unmount } = renderWithProviders(<SendTestPostsButton status={{ facebook: false, instagram: false }} />);
    expect(button().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Connect Facebook or Instagram to send test posts.')).toBeDefined();
    unmount();
    renderWithProviders(<SendTestPostsButton status={undefined} loading />);
    expect(button().hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText('Connect Facebook or Instagram to send test posts.')).toBeNull();
  });

  it('noPlatformConnected: true only when neither is known to be connected', () => {
    expect(noPlatformConnected(undefined)).toBe(true);
    expect(noPlatformConnected({ facebook: false, instagram: false })).toBe(true);
    expect(noPlatformConnected({ facebook: true, instagram: false })).toBe(false);
    expect(noPlatformConnected({ facebook: false, instagram: true })).toBe(false);
  });
});
