import {
  idSchema,
  sheetCreateSchema,
  sheetDuplicateSchema,
  sheetDuplicateSeriesSchema,
  sheetUpdateSchema,
} from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { organizerProcedure, publicProcedure, sameForEveryone } from '../trpc';
import {
  createSheet,
  deleteSheet,
  duplicateSheet,
  duplicateSheetSeries,
  getSheetDetail,
  listManagedSheets,
  listSheets,
  sheetViewerClass,
  updateSheet,
} from './service';
import { sheetQrCode, sheetShareLink } from './share';

const byIdInput = z.object({ id: idSchema });

export const sheetsRouter = {
  list: publicProcedure.meta({ publicCache: true, sharedView: sameForEveryone }).query(({ ctx }) => listSheets(ctx.db)),

  byId: publicProcedure
    .meta({ publicCache: true, sharedView: sheetViewerClass })
    .input(byIdInput)
    .query(({ ctx, input }) => getSheetDetail(ctx, input.id, ctx.user)),

  /** The sheet's public link, `{ url }` (`{PUBLIC_BASE_URL}/signup-sheet/{id}`), for 'Share' on its page. */
  shareLink: publicProcedure
    .meta({ publicCache: true, sharedView: sameForEveryone })
    .input(byIdInput)
    .query(({ ctx, input }) => sheetShareLink(ctx, input.id)),

  /** The sheet's public link as a QR code, an SVG document to print (GET /api/signup-sheets/{id}/qr.svg). */
  qrCode: publicProcedure.input(byIdInput).query(({ ctx, input }) => sheetQrCode(ctx, input.id)),

  /** The sheets the caller runs: an organizer's own, every sheet for an administrator. */
  managed: organizerProcedure.query(({ ctx }) => listManagedSheets(ctx.db, ctx.user)),

  /** The new sheet is the caller's own. */
  create: organizerProcedure.input(sheetCreateSchema).mutation(({ ctx, input }) => createSheet(ctx, input)),

  /**
   * The caller's own sheet, or any for an administrator; only an administrator changes `ownerId`.
   * A new eventDate moves the slots by the same offset unless `moveSlots` is false.
   */
  update: organizerProcedure.input(sheetUpdateSchema).mutation(({ ctx, input }) => updateSheet(ctx, input)),

  /** Slots and signups go with the sheet (foreign-key cascade). */
  delete: organizerProcedure.input(byIdInput).mutation(({ ctx, input }) => deleteSheet(ctx, input.id)),

  /** A copy on another date, slots shifted by the same offset, no volunteers; the caller owns it. */
  duplicate: organizerProcedure.input(sheetDuplicateSchema).mutation(({ ctx, input }) => duplicateSheet(ctx, input)),

  /** One copy per date (1 to 52), each as `duplicate` makes it; all or none (one transaction). */
  duplicateSeries: organizerProcedure
    .input(sheetDuplicateSeriesSchema)
    .mutation(({ ctx, input }) => duplicateSheetSeries(ctx, input)),
} satisfies TRPCRouterRecord;
