import type { I18n } from '@lingui/core';
import { defaultHeroContent, type HeroContent, heroLimits } from '@pac/validators/hero-defaults';

// From the zod-free subpath, not the '@pac/validators' barrel: the barrel would bring zod into the
// home page's first load.
export {
  defaultHeroContent,
  defaultHeroImagePath as defaultHeroImage,
  type HeroContent,
} from '@pac/validators/hero-defaults';

/** The built-in texts, each a message of the catalogs (marked in heroDefaults.ts). */
const defaultTexts: ReadonlySet<string> = new Set([
  defaultHeroContent.title,
  defaultHeroContent.description,
  defaultHeroContent.primaryCtaText,
  defaultHeroContent.secondaryCtaText,
  defaultHeroContent.statSecondary,
  ...defaultHeroContent.bullets.map((b) => b.text),
]);

/**
 * One of the hero's texts as the page shows it: a built-in default (still English in the settings)
 * in the page's language; what an admin typed as they typed it.
 */
export function heroText(i18n: I18n, text: string): string {
  return defaultTexts.has(text) ? i18n._(text) : text;
}

/** The hero's content with its built-in texts in the page's language (`heroText`). */
export function shownHeroContent(i18n: I18n, content: HeroContent): HeroContent {
  return {
    ...content,
    title: heroText(i18n, content.title),
    description: heroText(i18n, content.description),
    primaryCtaText: heroText(i18n, content.primaryCtaText),
    secondaryCtaText: heroText(i18n, content.secondaryCtaText),
    bullets: content.bullets.map((b) => ({ ...b, text: heroText(i18n, b.text) })),
    statPrimary: heroText(i18n, content.statPrimary),
    statSecondary: heroText(i18n, content.statSecondary),
  };
}

/** The admin card's preview of the description: its first 100 characters. */
export function descriptionPreview(text: string, limit: number = heroLimits.descriptionPreview): string {
  const trimmed = text.trim();
  return trimmed.length > limit ? `${trimmed.slice(0, limit)}...` : trimmed;
}
