import { announcementEditSchema, announcementListSchema, announcementRejectSchema, idSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { adminProcedure, publicProcedure } from '../trpc';
import {
  announcementCard,
  approveAnnouncement,
  editAnnouncement,
  listAnnouncements,
  rejectAnnouncement,
} from './service';

/** Announcements a person approves (API.md): admins list, edit, approve and reject drafts. */
export const announcementsRouter = {
  list: adminProcedure.input(announcementListSchema).query(({ ctx, input }) => listAnnouncements(ctx, input)),

  update: adminProcedure.input(announcementEditSchema).mutation(({ ctx, input }) => editAnnouncement(ctx, input)),

  /** Its card as JPEG bytes: public once approved (Instagram fetches it), a draft's for admins. */
  card: publicProcedure.input(z.object({ id: idSchema })).query(({ ctx, input }) => announcementCard(ctx, input.id)),

  /** Queues its Facebook and Instagram posts; a decided announcement answers 409. */
  approve: adminProcedure
    .input(z.object({ id: idSchema }))
    .mutation(({ ctx, input }) => approveAnnouncement(ctx, input.id)),

  /** Nothing is posted; a decided announcement answers 409. */
  reject: adminProcedure.input(announcementRejectSchema).mutation(({ ctx, input }) => rejectAnnouncement(ctx, input)),
} satisfies TRPCRouterRecord;
