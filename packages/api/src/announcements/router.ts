import {
  announcementEditSchema,
  announcementListSchema,
  announcementRejectSchema,
  idSchema,
  newsListSchema,
} from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { adminProcedure, publicProcedure, sameForEveryone } from '../trpc';
import { newsAtom } from './atom';
import {
  announcementCard,
  approveAnnouncement,
  editAnnouncement,
  listAnnouncements,
  listNews,
  rejectAnnouncement,
} from './service';

/** Announcements a person approves (API.md): admins list, edit, approve and reject drafts. */
export const announcementsRouter = {
  list: adminProcedure.input(announcementListSchema).query(({ ctx, input }) => listAnnouncements(ctx, input)),

  /** The public's school news: approved announcements only, newest first (/news, its feed, the home page). */
  news: publicProcedure
    .meta({ publicCache: true, sharedView: sameForEveryone })
    .input(newsListSchema)
    .query(({ ctx, input }) => listNews(ctx, input)),

  /** The same as an Atom 1.0 feed's XML (GET /news.atom): the newest 20. */
  feed: publicProcedure.query(({ ctx }) => newsAtom(ctx.config, listNews(ctx, undefined), ctx.runtime.now())),

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
