/** The hero banner's text (SPEC.md section 3, hero content); admins may replace it. */
export interface HeroContent {
  title: string;
  description: string;
  primaryCtaText: string;
  primaryCtaHref: string;
  secondaryCtaText: string;
  secondaryCtaHref: string;
  bullets: { text: string; visible: boolean }[];
  statPrimary: string;
  statSecondary: string;
  visibility: {
    title: boolean;
    description: boolean;
    primaryCta: boolean;
    secondaryCta: boolean;
    statPrimary: boolean;
    statSecondary: boolean;
    bullets: boolean;
  };
}

export const defaultHeroImage = '/hero-default.svg';

export const defaultHeroContent: HeroContent = {
  title: 'Make a Difference at Our School',
  description:
    'Join fellow parents and guardians in supporting our students. Browse upcoming events, pick a role that fits your schedule, and sign up in under a minute.',
  primaryCtaText: 'Browse Opportunities',
  primaryCtaHref: '/#opportunities',
  secondaryCtaText: 'Why Volunteer?',
  secondaryCtaHref: '/#benefits',
  bullets: [
    { text: 'Sign up in under a minute', visible: true },
    { text: 'No account needed to volunteer', visible: true },
    { text: 'Reminder emails before your shift', visible: true },
  ],
  statPrimary: '1 hour',
  statSecondary: 'is all it takes to make a difference',
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
