import { z } from 'zod';

/**
 * A private calendar feed's token as it appears in its URL (`<userId>.<signature>`). Any text up to
 * a sane length is accepted here: a token we did not sign is answered 404 by the service, so that a
 * guessed URL learns nothing from a 400.
 */
export const calendarFeedTokenSchema = z.object({
  token: z.string({ error: /*i18n*/ 'Calendar feed not found' }).max(200, /*i18n*/ 'Calendar feed not found'),
});
export type CalendarFeedTokenInput = z.input<typeof calendarFeedTokenSchema>;
