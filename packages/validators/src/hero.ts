import { z } from 'zod';
import { defaultHeroContent, type HeroContent, type HeroVisibility } from './heroDefaults';

export * from './heroDefaults';

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

const linkMessage = 'Link must start with /, start with http, or be #';
const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
const link = z
  .string({ error: linkMessage })
  .trim()
  .max(2000, 'Link is too long')
  .refine((v) => v === '' || v === '#' || v.startsWith('/') || /^https?:\/\//i.test(v), linkMessage);

const bulletSchema = z.union([
  z.object({ text: text(heroLimits.bulletText, 'Bullet'), visible: z.boolean().default(true) }),
  z
    .string()
    .trim()
    .max(heroLimits.bulletText, `Bullet must be at most ${heroLimits.bulletText} characters`)
    .transform((t) => ({ text: t, visible: true })),
]);

const visibilitySchema = z.object({
  title: z.boolean().default(true),
  description: z.boolean().default(true),
  primaryCta: z.boolean().default(true),
  secondaryCta: z.boolean().default(true),
  statPrimary: z.boolean().default(true),
  statSecondary: z.boolean().default(true),
  bullets: z.boolean().default(true),
});

/** Visible fields that must not be empty, with their SPEC-style messages. */
const requiredWhenVisible: { field: keyof HeroContent; flag: keyof HeroVisibility; message: string }[] = [
  { field: 'title', flag: 'title', message: 'Title is required when visible' },
  { field: 'description', flag: 'description', message: 'Description is required when visible' },
  { field: 'primaryCtaText', flag: 'primaryCta', message: 'Primary button text is required when visible' },
  { field: 'primaryCtaHref', flag: 'primaryCta', message: 'Primary button link is required when visible' },
  { field: 'secondaryCtaText', flag: 'secondaryCta', message: 'Secondary button text is required when visible' },
  { field: 'secondaryCtaHref', flag: 'secondaryCta', message: 'Secondary button link is required when visible' },
  { field: 'statPrimary', flag: 'statPrimary', message: 'Stat number is required when visible' },
  { field: 'statSecondary', flag: 'statSecondary', message: 'Stat description is required when visible' },
];

export const visibleFieldsMessage = 'Please check visible fields for required content';

export const heroContentSchema = z
  .object({
    title: text(heroLimits.title, 'Title').default(''),
    description: text(heroLimits.description, 'Description').default(''),
    primaryCtaText: text(heroLimits.ctaText, 'Primary button text').default(''),
    primaryCtaHref: link.default(''),
    secondaryCtaText: text(heroLimits.ctaText, 'Secondary button text').default(''),
    secondaryCtaHref: link.default(''),
    bullets: z.array(bulletSchema).max(heroLimits.bullets, `At most ${heroLimits.bullets} bullets`).default([]),
    statPrimary: text(heroLimits.statPrimary, 'Stat number').default(''),
    statSecondary: text(heroLimits.statSecondary, 'Stat description').default(''),
    visibility: visibilitySchema.default(defaultHeroContent.visibility),
  })
  .superRefine((hero, ctx) => {
    const missing: { path: string; message: string }[] = requiredWhenVisible
      .filter((rule) => hero.visibility[rule.flag] && hero[rule.field] === '')
      .map((rule) => ({ path: rule.field, message: rule.message }));
    if (hero.visibility.bullets && !hero.bullets.some((b) => b.visible && b.text !== '')) {
      missing.push({ path: 'bullets', message: 'At least one bullet is required when visible' });
    }
    // The form-level sentence first (it becomes the answer's message), then each field's own.
    if (missing.length > 0) ctx.addIssue({ code: 'custom', path: [], message: visibleFieldsMessage });
    for (const m of missing) ctx.addIssue({ code: 'custom', path: [m.path], message: m.message });
  });
export type HeroContentInput = z.input<typeof heroContentSchema>;
