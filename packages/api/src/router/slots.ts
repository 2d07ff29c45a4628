import { signupSheets, volunteerSlots } from '@pac/db';
import { idSchema, slotCreateSchema, slotUpdateSchema } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getSlot, hasChanges, messages } from '../services/signups';
import { adminProcedure, router } from '../trpc';

export const slotsRouter = router({
  create: adminProcedure.input(slotCreateSchema).mutation(({ ctx, input }) => {
    const sheet = ctx.db
      .select({ id: signupSheets.id })
      .from(signupSheets)
      .where(eq(signupSheets.id, input.signupSheetId))
      .get();
    if (!sheet) throw new TRPCError({ code: 'NOT_FOUND', message: messages.sheetNotFound });
    const created = ctx.db
      .insert(volunteerSlots)
      .values({
        ...input,
        description: input.description ?? null,
        startTime: input.startTime ?? null,
        endTime: input.endTime ?? null,
      })
      .returning()
      .get();
    if (!created) throw new Error('Inserting the volunteer slot returned no row');
    return created;
  }),

  update: adminProcedure.input(slotUpdateSchema).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return ctx.db.transaction((tx) => {
      const slot = getSlot(tx, id);
      const startTime = changes.startTime === undefined ? slot.startTime : changes.startTime;
      const endTime = changes.endTime === undefined ? slot.endTime : changes.endTime;
      if (startTime && endTime && endTime.getTime() <= startTime.getTime()) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: 'End time must be after start time' });
      }
      if (changes.maxVolunteers !== undefined && changes.maxVolunteers < slot.currentVolunteers) {
        throw new TRPCError({
          code: 'CONFLICT',
          message: `Number of volunteers needed cannot be lower than the ${slot.currentVolunteers} already signed up`,
        });
      }
      if (!hasChanges(changes)) return slot;
      const updated = tx.update(volunteerSlots).set(changes).where(eq(volunteerSlots.id, id)).returning().get();
      if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: messages.slotNotFound });
      return updated;
    });
  }),

  /** Its signups go with the slot (foreign-key cascade). */
  delete: adminProcedure.input(z.object({ id: idSchema })).mutation(({ ctx, input }) => {
    const removed = ctx.db.delete(volunteerSlots).where(eq(volunteerSlots.id, input.id)).run();
    if (removed.changes === 0) throw new TRPCError({ code: 'NOT_FOUND', message: messages.slotNotFound });
    return { success: true as const };
  }),
});
