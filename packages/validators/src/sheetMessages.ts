import { z } from 'zod';
import { idSchema, requiredText } from './common';
import { fill } from './fill';

/**
 * Messages to a sheet's volunteers (API.md "An organizer's season"): an organizer writes to everyone
 * on a sheet, or on one slot of it, each volunteer getting their own copy.
 */

/** How many messages one sheet may send in a school day (SCHOOL_TIMEZONE's calendar day). */
export const maxSheetMessagesPerDay = 5;

/** The longest subject and message an organizer may send. */
export const sheetMessageLimits = { subject: 200, body: 10_000 } as const;

export const sheetMessageMessages = {
  subjectRequired: /*i18n*/ 'Subject is required',
  bodyRequired: /*i18n*/ 'Message is required',
  includeWaitlistedInvalid: /*i18n*/ 'Also send to the waitlist must be true or false',
  /** The sheet's messages for today are used up (429). */
  tooManyMessages: fill(/*i18n*/ 'This sheet has had its {count} messages for today. You can send more tomorrow.', {
    count: maxSheetMessagesPerDay,
  }),
  /** Nobody to write to: no volunteers there (or only addresses that unsubscribed). */
  /** A slotId that names a slot of another sheet, or none. */
  slotNotOnSheet: /*i18n*/ 'That volunteer slot is not on this signup sheet',
} as const;

/** Whom a message goes to: the sheet's confirmed volunteers, or one slot's; with the waitlisted ones when asked. */
export const sheetMessageAudienceSchema = z.object({
  signupSheetId: idSchema,
  /** One slot of the sheet; absent (or null): every slot. */
  slotId: idSchema.nullish(),
  includeWaitlisted: z.boolean({ error: sheetMessageMessages.includeWaitlistedInvalid }).default(false),
});
export type SheetMessageAudienceInput = z.input<typeof sheetMessageAudienceSchema>;

/** A message to send: its audience, a one-line subject and the text (plain text, line breaks kept). */
export const sheetMessageSchema = sheetMessageAudienceSchema.extend({
  // One header line: runs of whitespace (a pasted line break) become one space.
  subject: requiredText(sheetMessageMessages.subjectRequired, sheetMessageLimits.subject).transform((v) =>
    v.replace(/\s+/g, ' '),
  ),
  body: requiredText(sheetMessageMessages.bodyRequired, sheetMessageLimits.body),
});
export type SheetMessageInput = z.input<typeof sheetMessageSchema>;

/** The messages a sheet has sent, newest first. */
export const sheetMessageListSchema = z.object({ signupSheetId: idSchema });
export type SheetMessageListInput = z.input<typeof sheetMessageListSchema>;
