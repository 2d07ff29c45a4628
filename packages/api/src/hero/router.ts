import { heroContentSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { imageInput } from '../lib/uploads';
import { adminProcedure, publicProcedure, sameForEveryone } from '../trpc';
import { getHeroContent, updateHeroContent, uploadHeroImage } from './service';

/** The home page's hero. Served under `settings.*` (root.ts), where the web app and REST have always called it. */
export const heroRouter = {
  heroContent: publicProcedure
    .meta({ publicCache: true, sharedView: sameForEveryone })
    .query(({ ctx }) => getHeroContent(ctx)),

  updateHeroContent: adminProcedure
    .input(heroContentSchema)
    .mutation(({ ctx, input }) => updateHeroContent(ctx, input)),

  uploadHeroImage: adminProcedure.input(imageInput).mutation(({ ctx, input }) => uploadHeroImage(ctx, input.data)),
} satisfies TRPCRouterRecord;
