import { z } from 'zod';
import { defaultHeroContent, type HeroContent, type HeroVisibility, heroLimits } from './heroDefaults';
import { fill } from './fill';

export * from './heroDefaults';

const linkMessage = /*i18n*/ 'Link must start with /, start with http, or be #';
const text = (max: number, label: string) =>
  z
    .string({ error: fill(/*i18n*/ '{label} must be text', { label }) })
    .trim()
    .max(max, fill(/*i18n*/ '{label} must be at most {max} characters', { label, max }));
const link = z
  .string({ error: linkMessage })
  .trim()
  .max(2000, /*i18n*/ 'Link is too long')
  .refine((v) => v === '' || v === '#' || v.startsWith('/') || /^https?:\/\//i.test(v), linkMessage);

const bulletSchema = z.union([
  z.object({ text: text(heroLimits.bulletText, 'Bullet'), visible: z.boolean().default(true) }),
  z
    .string()
    .trim()
    .max(
      heroLimits.bulletText,
      fill(/*i18n*/ 'Bullet must be at most {max} characters', { max: heroLimits.bulletText }),
    )
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
  { field: 'title', flag: 'title', message: /*i18n*/ 'Title is required when visible' },
  { field: 'description', flag: 'description', message: /*i18n*/ 'Description is required when visible' },
  { field: 'primaryCtaText', flag: 'primaryCta', message: /*i18n*/ 'Primary button text is required when visible' },
  { field: 'primaryCtaHref', flag: 'primaryCta', message: /*i18n*/ 'Primary button link is required when visible' },
  {
    field: 'secondaryCtaText',
    flag: 'secondaryCta',
    message: /*i18n*/ 'Secondary button text is required when visible',
  },
  {
    field: 'secondaryCtaHref',
    flag: 'secondaryCta',
    message: /*i18n*/ 'Secondary button link is required when visible',
  },
  { field: 'statPrimary', flag: 'statPrimary', message: /*i18n*/ 'Stat number is required when visible' },
  { field: 'statSecondary', flag: 'statSecondary', message: /*i18n*/ 'Stat description is required when visible' },
];

export const visibleFieldsMessage = /*i18n*/ 'Please check visible fields for required content';

export const heroContentSchema = z
  .object({
    title: text(heroLimits.title, 'Title').default(''),
    description: text(heroLimits.description, 'Description').default(''),
    primaryCtaText: text(heroLimits.ctaText, /*i18n*/ 'Primary button text').default(''),
    primaryCtaHref: link.default(''),
    secondaryCtaText: text(heroLimits.ctaText, /*i18n*/ 'Secondary button text').default(''),
    secondaryCtaHref: link.default(''),
    bullets: z
      .array(bulletSchema)
      .max(heroLimits.bullets, fill(/*i18n*/ 'At most {count} bullets', { count: heroLimits.bullets }))
      .default([]),
    statPrimary: text(heroLimits.statPrimary, /*i18n*/ 'Stat number').default(''),
    statSecondary: text(heroLimits.statSecondary, /*i18n*/ 'Stat description').default(''),
    visibility: visibilitySchema.default(defaultHeroContent.visibility),
  })
  .superRefine((hero, ctx) => {
    const missing: { path: string; message: string }[] = requiredWhenVisible
      .filter((rule) => hero.visibility[rule.flag] && hero[rule.field] === '')
      .map((rule) => ({ path: rule.field, message: rule.message }));
    if (hero.visibility.bullets && !hero.bullets.some((b) => b.visible && b.text !== '')) {
      missing.push({ path: 'bullets', message: /*i18n*/ 'At least one bullet is required when visible' });
    }
    // The form-level sentence first (it becomes the answer's message), then each field's own.
    if (missing.length > 0) ctx.addIssue({ code: 'custom', path: [], message: visibleFieldsMessage });
    for (const m of missing) ctx.addIssue({ code: 'custom', path: [m.path], message: m.message });
  });
export type HeroContentInput = z.input<typeof heroContentSchema>;
