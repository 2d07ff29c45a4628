import { heroContentSchema } from '@pac/validators';
import { defaultHeroContent, type HeroContent } from '@pac/validators/hero-defaults';
import type { Context, ServiceContext } from '../context';
import { answerText } from '../lib/i18n';
import { storeImage, uploadsPath } from '../lib/uploads';
import { getSetting, setSetting } from '../settings/service';

/** The home page's hero: its text and buttons (the heroContent setting) and its image (heroImageUrl). */

/** The stored hero content, or the defaults when never set (or unreadable). */
export function getHeroContent(ctx: Pick<ServiceContext, 'runtime'>): HeroContent & { isCustom: boolean } {
  const raw = getSetting(ctx, 'heroContent');
  if (raw !== null) {
    try {
      const parsed = heroContentSchema.safeParse(JSON.parse(raw));
      if (parsed.success) return { ...parsed.data, isCustom: true };
    } catch {
      // A damaged value falls back to the defaults rather than breaking the home page.
    }
  }
  return { ...defaultHeroContent, isCustom: false };
}

export function updateHeroContent(ctx: ServiceContext, content: HeroContent): HeroContent & { isCustom: boolean } {
  setSetting(ctx.db, 'heroContent', JSON.stringify(content));
  return getHeroContent(ctx);
}

export function uploadHeroImage(ctx: Context, data: Uint8Array) {
  const name = storeImage(ctx.config.uploadDir, 'hero', data);
  const url = `${uploadsPath}${name}`;
  setSetting(ctx.db, 'heroImageUrl', url);
  return { message: answerText(ctx, /*i18n*/ 'Hero image updated'), url, value: url };
}
