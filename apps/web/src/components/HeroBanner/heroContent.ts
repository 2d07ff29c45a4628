import type { HeroContent } from '@pac/validators';

export type { HeroContent };

// A copy of the defaults in '@pac/validators': importing a value from there would bring zod into
// the home page's first load. heroContent.test.ts keeps the two the same.
export const defaultHeroImage = '/hero-default.svg';

export const defaultHeroContent: HeroContent = {
  title: 'Volunteer with our school community',
  description:
    'Our Parent Advisory Council brings families and staff together. Pick an event, choose a time that suits you, and sign up in seconds, with or without an account.',
  primaryCtaText: 'See opportunities',
  primaryCtaHref: '/#opportunities',
  secondaryCtaText: 'Learn more',
  secondaryCtaHref: '#',
  bullets: [
    { text: 'Sign up in under a minute', visible: true },
    { text: 'Email reminders before your shift', visible: true },
    { text: 'No account needed', visible: true },
  ],
  statPrimary: '100%',
  statSecondary: 'volunteer-run, for our kids',
  visibility: {
    title: true,
    description: true,
    primaryCta: true,
    secondaryCta: true,
    statPrimary: true,
    statSecondary: true,
    bullets: true,
  },
};
