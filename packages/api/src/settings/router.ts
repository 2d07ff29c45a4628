import { languageDirection, senderFormSchema, settingKeySchema, settingWriteSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { imageInput } from '../lib/uploads';
import { adminProcedure, publicProcedure, sameForEveryone } from '../trpc';
import {
  logoUrl,
  publicSettingKeys,
  readPublicSetting,
  readSetting,
  schoolClock,
  uploadLogo,
  writeSender,
  writeSetting,
} from './service';

export const settingsRouter = {
  /** A setting the home page shows, for anyone: `{ key, value }`. */
  getPublic: publicProcedure
    .meta({ publicCache: true, sharedView: sameForEveryone })
    .input(z.object({ key: z.enum(publicSettingKeys) }))
    .query(({ ctx, input }) => readPublicSetting(ctx, input.key)),

  /** Any setting, for admins: `{ key, value }`; the sender password is never sent: `{ key, configured }`. */
  get: adminProcedure.input(z.object({ key: settingKeySchema })).query(({ ctx, input }) => readSetting(ctx, input.key)),

  set: adminProcedure.input(settingWriteSchema).mutation(({ ctx, input }) => writeSetting(ctx, input)),

  /** The sender's address and app password together, in one transaction. */
  setSender: adminProcedure.input(senderFormSchema).mutation(({ ctx, input }) => writeSender(ctx, input)),

  /** Asked before an upload body is read, so that only admins can make the server buffer one. */
  mayUpload: adminProcedure.query(() => true),

  /**
   * The language the caller reads and its direction (API.md "Languages": the account's, the `lang`
   * cookie, Accept-Language, English), which every page embeds. Not cached: it is the caller's.
   */
  language: publicProcedure.query(({ ctx }) => ({ language: ctx.language, dir: languageDirection(ctx.language) })),

  /** The school's clock (SCHOOL_TIMEZONE's UTC offsets over time), which every page embeds. */
  schoolClock: publicProcedure.query(({ ctx }) => schoolClock(ctx)),

  logoUrl: publicProcedure.query(({ ctx }) => logoUrl(ctx)),

  uploadLogo: adminProcedure.input(imageInput).mutation(({ ctx, input }) => uploadLogo(ctx, input.data)),
} satisfies TRPCRouterRecord;
