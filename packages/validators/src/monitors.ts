import { z } from 'zod';
import { idSchema } from './common';
import { fill } from './fill';

export const monitorLimits = {
  nameMax: 100,
  scheduleMin: 5,
  scheduleMax: 1440,
  scheduleDefault: 15,
  selectorsMax: 20,
} as const;

export const monitorMessages = {
  nameRequired: /*i18n*/ 'Monitor name is required',
  urlInvalid: /*i18n*/ 'Must be a valid URL',
  selectorsRequired: /*i18n*/ 'At least one CSS selector is required',
  scheduleMin: /*i18n*/ 'Check at least every 5 minutes',
  scheduleMax: /*i18n*/ 'No more than once per day',
  summaryRequired: /*i18n*/ 'Change summary is required',
  /** The host check itself needs the configured domain, so the server adds it. */
  urlNotApproved: (host: string) => fill(/*i18n*/ 'URL must be from an approved school domain (*.{host})', { host }),
} as const;

const selectorList = z
  .array(z.string().trim().min(1).max(300, /*i18n*/ 'A selector is at most 300 characters'))
  .max(monitorLimits.selectorsMax, fill(/*i18n*/ 'At most {count} selectors', { count: monitorLimits.selectorsMax }));

const monitorFields = {
  name: z
    .string({ error: monitorMessages.nameRequired })
    .trim()
    .min(1, monitorMessages.nameRequired)
    .max(monitorLimits.nameMax, monitorMessages.nameRequired),
  url: z
    .string({ error: monitorMessages.urlInvalid })
    .trim()
    .max(2000, monitorMessages.urlInvalid)
    .pipe(z.url({ error: monitorMessages.urlInvalid })),
  selectors: z
    .array(z.string().trim(), { error: monitorMessages.selectorsRequired })
    .transform((list) => list.filter((s) => s !== ''))
    .pipe(selectorList.min(1, monitorMessages.selectorsRequired)),
  ignoreSelectors: z
    .array(z.string().trim())
    .transform((list) => list.filter((s) => s !== ''))
    .pipe(selectorList)
    .default([]),
  scheduleMinutes: z.coerce
    .number({ error: monitorMessages.scheduleMin })
    .int(/*i18n*/ 'Schedule must be a whole number of minutes')
    .min(monitorLimits.scheduleMin, monitorMessages.scheduleMin)
    .max(monitorLimits.scheduleMax, monitorMessages.scheduleMax)
    .default(monitorLimits.scheduleDefault),
  emailNotifications: z.boolean().default(true),
  internalPosts: z.boolean().default(true),
  facebookPosts: z.boolean().default(true),
  instagramPosts: z.boolean().default(true),
  filterFutureEvents: z.boolean().default(false),
  /** Its Facebook and Instagram posts go without an admin's approval. */
  autoApprove: z.boolean({ error: /*i18n*/ 'autoApprove must be true or false' }).default(false),
};

export const monitorCreateSchema = z.object(monitorFields);
export type MonitorCreateInput = z.input<typeof monitorCreateSchema>;

export const monitorUpdateSchema = z.object({
  id: idSchema,
  name: monitorFields.name.optional(),
  url: monitorFields.url.optional(),
  selectors: monitorFields.selectors.optional(),
  ignoreSelectors: z
    .array(z.string().trim())
    .transform((list) => list.filter((s) => s !== ''))
    .pipe(selectorList)
    .optional(),
  scheduleMinutes: z.coerce
    .number({ error: monitorMessages.scheduleMin })
    .int(/*i18n*/ 'Schedule must be a whole number of minutes')
    .min(monitorLimits.scheduleMin, monitorMessages.scheduleMin)
    .max(monitorLimits.scheduleMax, monitorMessages.scheduleMax)
    .optional(),
  status: z.enum(['active', 'paused'], { error: /*i18n*/ 'Status must be active or paused' }).optional(),
  emailNotifications: z.boolean().optional(),
  internalPosts: z.boolean().optional(),
  facebookPosts: z.boolean().optional(),
  instagramPosts: z.boolean().optional(),
  filterFutureEvents: z.boolean().optional(),
  autoApprove: z.boolean({ error: /*i18n*/ 'autoApprove must be true or false' }).optional(),
});
export type MonitorUpdateInput = z.input<typeof monitorUpdateSchema>;

export const changeSummarySchema = z
  .string({ error: monitorMessages.summaryRequired })
  .trim()
  .min(1, monitorMessages.summaryRequired)
  .max(1000, /*i18n*/ 'Change summary is at most 1000 characters');
