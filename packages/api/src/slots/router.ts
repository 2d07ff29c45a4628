import { idSchema, slotCreateSchema, slotUpdateSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { organizerProcedure } from '../trpc';
import { createSlot, deleteSlot, updateSlot } from './service';

/** Slots of the sheets the caller runs (lib/sheetAccess.ts). */
export const slotsRouter = {
  create: organizerProcedure.input(slotCreateSchema).mutation(({ ctx, input }) => createSlot(ctx, input)),

  update: organizerProcedure.input(slotUpdateSchema).mutation(({ ctx, input }) => updateSlot(ctx, input)),

  /** Its signups go with the slot (foreign-key cascade). */
  delete: organizerProcedure.input(z.object({ id: idSchema })).mutation(({ ctx, input }) => deleteSlot(ctx, input.id)),
} satisfies TRPCRouterRecord;
