import { idSchema, sheetCreateSchema, sheetUpdateSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { adminProcedure, publicProcedure } from '../trpc';
import { createSheet, deleteSheet, getSheetDetail, listSheets, updateSheet } from './service';

const byIdInput = z.object({ id: idSchema });

export const sheetsRouter = {
  list: publicProcedure.query(({ ctx }) => listSheets(ctx.db)),

  byId: publicProcedure.input(byIdInput).query(({ ctx, input }) => getSheetDetail(ctx.db, input.id, ctx.user)),

  create: adminProcedure.input(sheetCreateSchema).mutation(({ ctx, input }) => createSheet(ctx.db, input)),

  update: adminProcedure.input(sheetUpdateSchema).mutation(({ ctx, input }) => updateSheet(ctx.db, input, ctx.user)),

  /** Slots and signups go with the sheet (foreign-key cascade). */
  delete: adminProcedure.input(byIdInput).mutation(({ ctx, input }) => deleteSheet(ctx.db, input.id)),
} satisfies TRPCRouterRecord;
