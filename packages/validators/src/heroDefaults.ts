/**
 * The hero's shape and its shipped defaults, without zod: the home page imports this module through
 * '@pac/validators/hero-defaults', so its first load does not carry the schemas.
 */

export interface HeroBullet {
  text: string;
  visible: boolean;
}

export interface HeroVisibility {
  title: boolean;
  description: boolean;
  primaryCta: boolean;
  secondaryCta: boolean;
  statPrimary: boolean;
  statSecondary: boolean;
  bullets: boolean;
}

export interface HeroContent {
  title: string;
  description: string;
  primaryCtaText: string;
  primaryCtaHref: string;
  secondaryCtaText: string;
  secondaryCtaHref: string;
  bullets: HeroBullet[];
  statPrimary: string;
  statSecondary: string;
  visibility: HeroVisibility;
}

export const defaultHeroImagePath = '/hero-default.svg';

export const defaultHeroContent: HeroContent = {
  title: /*i18n*/ 'Volunteer with our school community',
  description:
    /*i18n*/ 'Our Parent Advisory Council brings families and staff together. Pick an event, choose a time that suits you, and sign up in seconds, with or without an account.',
  primaryCtaText: /*i18n*/ 'See opportunities',
  primaryCtaHref: '/#opportunities',
  secondaryCtaText: /*i18n*/ 'Learn more',
  secondaryCtaHref: '#',
  bullets: [
    { text: /*i18n*/ 'Sign up in under a minute', visible: true },
    { text: /*i18n*/ 'Email reminders before your shift', visible: true },
    { text: /*i18n*/ 'No account needed', visible: true },
  ],
  statPrimary: '100%',
  statSecondary: /*i18n*/ 'volunteer-run, for our kids',
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
