import { idSchema, slotBatchSchema, slotCreateSchema, slotUpdateSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { organizerProcedure } from '../trpc';
import { createSlot, createSlots, deleteSlot, updateSlot } from './service';

/** Slots of the sheets the caller runs (lib/sheetAccess.ts). */
export const slotsRouter = {
  create: organizerProcedure.input(slotCreateSchema).mutation(({ ctx, input }) => createSlot(ctx, input)),

  /** 1 to 100 slots of one sheet, all or none (the slot dialog's generated run). */
  createMany: organizerProcedure.input(slotBatchSchema).mutation(({ ctx, input }) => createSlots(ctx, input)),

  update: organizerProcedure.input(slotUpdateSchema).mutation(({ ctx, input }) => updateSlot(ctx, input)),

  /** Its signups go with the slot (foreign-key cascade). */
  delete: organizerProcedure.input(z.object({ id: idSchema })).mutation(({ ctx, input }) => deleteSlot(ctx, input.id)),
} satisfies TRPCRouterRecord;
