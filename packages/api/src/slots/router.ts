import { idSchema, slotCreateSchema, slotUpdateSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { adminProcedure } from '../trpc';
import { createSlot, deleteSlot, updateSlot } from './service';

export const slotsRouter = {
  create: adminProcedure.input(slotCreateSchema).mutation(({ ctx, input }) => createSlot(ctx.db, input)),

  update: adminProcedure.input(slotUpdateSchema).mutation(({ ctx, input }) => updateSlot(ctx.db, input)),

  /** Its signups go with the slot (foreign-key cascade). */
  delete: adminProcedure.input(z.object({ id: idSchema })).mutation(({ ctx, input }) => deleteSlot(ctx.db, input.id)),
} satisfies TRPCRouterRecord;
