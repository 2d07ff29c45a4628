import { z } from 'zod';
import { idSchema, optionalText, requiredText } from './common';

/** Announcements a person approves (API.md): their statuses, edits and decisions. */
export const announcementStatusValues = ['draft', 'approved', 'rejected', 'expired'] as const;

export const announcementMessages = {
  notFound: 'Announcement not found',
  alreadyDecided: (status: string) => `This announcement is already ${status}`,
  textRequired: 'Post text is required',
  altRequired: 'Image description is required',
  status: 'Status must be draft, approved, rejected or expired',
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
