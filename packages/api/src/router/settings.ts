import {
  heroContentSchema,
  settingKeySchema,
  settingWriteSchema,
  type SettingKey,
} from '@pac/validators';
import { z } from 'zod';
import { getHeroContent, getSetting, setSetting } from '../services/settings';
import { findImage, storeImage } from '../services/uploads';
import { adminProcedure, publicProcedure, router } from '../trpc';

/** Settings anyone may read: what the home page shows. */
export const publicSettingKeys = ['heroImageUrl', 'heroContent'] as const satisfies readonly SettingKey[];

const imageInput = z.object({
  data: z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'Please select an image file'),
});

export const uploadsPath = '/uploads/';

export const settingsRouter = router({
  /** A setting the home page shows, for anyone: `{ key, value }`. */
  getPublic: publicProcedure.input(z.object({ key: z.enum(publicSettingKeys) })).query(({ ctx, input }) => ({
    key: input.key,
    value: getSetting(ctx.db, input.key),
  })),

  /** Any setting, for admins: `{ key, value }`; the sender password is never sent: `{ key, configured }`. */
  get: adminProcedure.input(z.object({ key: settingKeySchema })).query(({ ctx, input }) => {
    const value = getSetting(ctx.db, input.key);
    if (input.key === 'senderPassword') return { key: input.key, configured: value !== null };
    return { key: input.key, value };
  }),

  set: adminProcedure.input(settingWriteSchema).mutation(({ ctx, input }) => {
    setSetting(ctx.db, input.key, input.value);
    if (input.key === 'senderPassword') return { key: input.key, configured: true };
    return { key: input.key, value: input.value };
  }),

  heroContent: publicProcedure.query(({ ctx }) => getHeroContent(ctx.db)),

  updateHeroContent: adminProcedure.input(heroContentSchema).mutation(({ ctx, input }) => {
    setSetting(ctx.db, 'heroContent', JSON.stringify(input));
    return getHeroContent(ctx.db);
  }),

  /** Asked before an upload body is read, so that only admins can make the server buffer one. */
  mayUpload: adminProcedure.query(() => true),

  uploadHeroImage: adminProcedure.input(imageInput).mutation(({ ctx, input }) => {
    const name = storeImage(ctx.config.uploadDir, 'hero', input.data);
    const url = `${uploadsPath}${name}`;
    setSetting(ctx.db, 'heroImageUrl', url);
    return { message: 'Hero image updated', url, value: url };
  }),

  logoUrl: publicProcedure.query(({ ctx }) => {
    const name = findImage(ctx.config.uploadDir, 'logo');
    return { hasLogo: name !== null, logoUrl: name ? `${uploadsPath}${name}` : null };
  }),

  uploadLogo: adminProcedure.input(imageInput).mutation(({ ctx, input }) => {
    const name = storeImage(ctx.config.uploadDir, 'logo', input.data);
    return { message: 'Logo uploaded successfully', logoUrl: `${uploadsPath}${name}` };
  }),
});
