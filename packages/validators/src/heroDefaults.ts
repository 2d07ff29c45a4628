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

/** How long each of the hero's texts may be, and how many bullets it has. */
export const heroLimits = {
  title: 100,
  description: 500,
  ctaText: 50,
  statPrimary: 20,
  statSecondary: 50,
  bullets: 5,
  bulletText: 50,
  /** The editor always shows at least this many bullet fields. */
  minBulletFields: 3,
  /** The admin card previews this much of the description. */
  descriptionPreview: 100,
} as const;

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
