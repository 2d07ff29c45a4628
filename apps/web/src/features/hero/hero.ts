import {
  type HeroContent,
  type HeroContentInput,
  heroContentSchema,
  heroLimits,
  visibleFieldsMessage,
} from '@pac/validators';

/** The hero editor's values: the content, with at least `heroLimits.minBulletFields` bullet fields. */
export type HeroFormValues = HeroContent;

/** The editor's starting values for some content (the server adds `isCustom`, which is dropped). */
export function heroFormValues(content: HeroContent): HeroFormValues {
  const bullets = content.bullets.slice(0, heroLimits.bullets).map((b) => ({ ...b }));
  while (bullets.length < heroLimits.minBulletFields) bullets.push({ text: '', visible: true });
  return {
    title: content.title,
    description: content.description,
    primaryCtaText: content.primaryCtaText,
    primaryCtaHref: content.primaryCtaHref,
    secondaryCtaText: content.secondaryCtaText,
    secondaryCtaHref: content.secondaryCtaHref,
    bullets,
    statPrimary: content.statPrimary,
    statSecondary: content.statSecondary,
    visibility: { ...content.visibility },
  };
}

/** What the editor saves: bullet fields left empty are not bullets. */
export function heroInput(values: HeroFormValues): HeroContentInput {
  return { ...values, bullets: values.bullets.filter((b) => b.text.trim() !== '') };
}

export interface HeroFormCheck {
  /** One message per field path ('title', 'bullets', 'bullets.1.text', ...). */
  errors: Record<string, string>;
  /** The sentence for the whole form when something is wrong, else null. */
  summary: string | null;
}

/**
 * Checks the editor's values with the shared schema: the per-field messages ('Title is required
 * when visible') and SPEC.md's 'Please check visible fields for required content'.
 */
export function checkHeroForm(values: HeroFormValues): HeroFormCheck {
  const result = heroContentSchema.safeParse(values);
  if (result.success) return { errors: {}, summary: null };
  const errors: Record<string, string> = {};
  let summary: string | null = null;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (key === '') summary ??= issue.message;
    else if (!(key in errors)) errors[key] = issue.message;
  }
  return { errors, summary: summary ?? (Object.keys(errors).length > 0 ? visibleFieldsMessage : null) };
}
