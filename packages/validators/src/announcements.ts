import { z } from 'zod';
import { idSchema, optionalText, requiredText } from './common';
import { homeNewsCount } from './pageData';
import { fill } from './fill';

/** Announcements a person approves (API.md): their statuses, edits and decisions. */
export const announcementStatusValues = ['draft', 'approved', 'rejected', 'expired'] as const;

export const announcementMessages = {
  notFound: /*i18n*/ 'Announcement not found',
  alreadyDecided: (status: string) => fill(/*i18n*/ 'This announcement is already {status}', { status }),
  textRequired: /*i18n*/ 'Post text is required',
  altRequired: /*i18n*/ 'Image description is required',
  status: /*i18n*/ 'Status must be draft, approved, rejected or expired',
} as const;

export const announcementListSchema = z
  .object({ status: z.enum(announcementStatusValues, { error: announcementMessages.status }).optional() })
  .optional();

/** A draft's edit: the post's text (within Instagram's 2,200-character caption) and the card's alt text. */
export const announcementEditSchema = z.object({
  id: idSchema,
  text: requiredText(announcementMessages.textRequired, 2200).optional(),
  imageAlt: requiredText(announcementMessages.altRequired, 1000).optional(),
});
export type AnnouncementEditInput = z.input<typeof announcementEditSchema>;

export const announcementRejectSchema = z.object({ id: idSchema, reason: optionalText(500) });

/** How many approved announcements the public lists show: the home page's School news, /news and its feed. */
export const newsLimits = { home: homeNewsCount, feed: 20 } as const;

/** The public's school news: the newest `limit` approved announcements (20 when not given). */
export const newsListSchema = z
  .object({
    limit: z.number({ error: /*i18n*/ 'Limit must be a whole number from 1 to 20' }).int().min(1).max(newsLimits.feed),
  })
  .partial()
  .optional();
