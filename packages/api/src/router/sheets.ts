import { signupSheets } from '@pac/db';
import { idSchema, sheetCreateSchema, sheetUpdateSchema } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getSheetDetail, hasChanges, listSheets, messages } from '../services/signups';
import { adminProcedure, publicProcedure, router } from '../trpc';

const byIdInput = z.object({ id: idSchema });

export const sheetsRouter = router({
  list: publicProcedure.query(({ ctx }) => listSheets(ctx.db)),

  byId: publicProcedure.input(byIdInput).query(({ ctx, input }) => getSheetDetail(ctx.db, input.id, ctx.user)),

  create: adminProcedure.input(sheetCreateSchema).mutation(({ ctx, input }) => {
    const created = ctx.db
      .insert(signupSheets)
      .values({ ...input, description: input.description ?? null })
      .returning()
      .get();
    if (!created) throw new Error('Inserting the signup sheet returned no row');
    return { ...created, slots: [] };
  }),

  update: adminProcedure.input(sheetUpdateSchema).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    // With nothing to change there is nothing to write (drizzle refuses an empty SET);
    // getSheetDetail still answers NOT_FOUND for a missing sheet.
    if (hasChanges(changes)) {
      const updated = ctx.db.update(signupSheets).set(changes).where(eq(signupSheets.id, id)).returning().get();
      if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: messages.sheetNotFound });
    }
    return getSheetDetail(ctx.db, id, ctx.user);
  }),

  /** Slots and signups go with the sheet (foreign-key cascade). */
  delete: adminProcedure.input(byIdInput).mutation(({ ctx, input }) => {
    const removed = ctx.db.delete(signupSheets).where(eq(signupSheets.id, input.id)).run();
    if (removed.changes === 0) throw new TRPCError({ code: 'NOT_FOUND', message: messages.sheetNotFound });
    return { success: true as const };
  }),
});
