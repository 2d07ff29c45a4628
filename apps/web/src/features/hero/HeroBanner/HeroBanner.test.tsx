import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { HeroBanner } from './HeroBanner';
import { defaultHeroContent, defaultHeroImage } from './heroContent';

describe('HeroBanner', () => {
  it('leaves out hidden fields', () => {
    renderWithProviders(
      <HeroBanner
        content={{
          ...defaultHeroContent,
          title: 'Help at the Spring Fair',
          visibility: { ...defaultHeroContent.visibility, description: false, statPrimary: false },
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Help at the Spring Fair' })).toBeDefined();
    expect(screen.queryByText(defaultHeroContent.description)).toBeNull();
    expect(screen.queryByText(defaultHeroContent.statPrimary)).toBeNull();
    expect(screen.getByText(defaultHeroContent.statSecondary)).toBeDefined();
  });

  it("renders a secondary button whose link is '#' as a plain button", () => {
    renderWithProviders(<HeroBanner content={{ ...defaultHeroContent, secondaryCtaHref: '#' }} />);
    const button = screen.getByRole('button', { name: defaultHeroContent.secondaryCtaText });
    expect(button.tagName).toBe('BUTTON');
    expect(screen.getByRole('link', { name: defaultHeroContent.primaryCtaText }).getAttribute('href')).toBe(
      '#opportunities',
    );
  });

  it('falls back to the default image when the custom one fails to load', () => {
    renderWithProviders(<HeroBanner imageUrl="/uploads/hero-missing.png" />);
    const image = screen.getByRole('img');
    expect(image.getAttribute('src')).toBe('/uploads/hero-missing.png');
    fireEvent.error(image);
    expect(screen.getByRole('img').getAttribute('src')).toBe(defaultHeroImage);
  });
});
