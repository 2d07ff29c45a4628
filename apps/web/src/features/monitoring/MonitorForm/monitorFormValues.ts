import { type monitorCreateSchema, monitorLimits, type monitorUpdateSchema } from '@pac/validators';
import type { z } from 'zod';
import { type Monitor, selectorLines } from '../monitoring';

export type MonitorCreateValues = z.output<typeof monitorCreateSchema>;
export type MonitorUpdateValues = z.output<typeof monitorUpdateSchema>;

/** What the form hands over: a new monitor, or the changed fields of an existing one. */
export type MonitorSubmit =
  { kind: 'create'; input: MonitorCreateValues } | { kind: 'update'; input: MonitorUpdateValues };

export interface MonitorFormValues extends Record<string, unknown> {
  name: string;
  url: string;
  /** One selector per line. */
  selectors: string;
  ignoreSelectors: string;
  scheduleMinutes: number | string;
  filterFutureEvents: boolean;
  emailNotifications: boolean;
  internalPosts: boolean;
  facebookPosts: boolean;
  instagramPosts: boolean;
  /** Facebook and Instagram posts go out without waiting for an admin's approval. */
  autoApprove: boolean;
}

const fieldNames = [
  'name',
  'url',
  'selectors',
  'ignoreSelectors',
  'scheduleMinutes',
  'filterFutureEvents',
  'emailNotifications',
  'internalPosts',
  'facebookPosts',
  'instagramPosts',
  'autoApprove',
] as const;

/** A field of the monitor form. */
export type MonitorField = (typeof fieldNames)[number];

/** Shows a server refusal on its field and focuses it. */
export type SetFieldError = (field: MonitorField, message: string) => void;

export function isMonitorField(value: string): value is MonitorField {
  return (fieldNames as readonly string[]).includes(value);
}

/**
 * The form's starting values: a monitor's own, or SPEC.md's defaults (every 15 minutes, every
 * channel on, Facebook and Instagram posts waiting for an admin's approval).
 */
export function monitorFormValues(monitor?: Monitor | null): MonitorFormValues {
  return {
    name: monitor?.name ?? '',
    url: monitor?.url ?? '',
    selectors: (monitor?.selectors ?? []).join('\n'),
    ignoreSelectors: (monitor?.ignoreSelectors ?? []).join('\n'),
    scheduleMinutes: monitor?.scheduleMinutes ?? monitorLimits.scheduleDefault,
    filterFutureEvents: monitor?.filterFutureEvents ?? false,
    emailNotifications: monitor?.emailNotifications ?? true,
    internalPosts: monitor?.internalPosts ?? true,
    facebookPosts: monitor?.facebookPosts ?? true,
    instagramPosts: monitor?.instagramPosts ?? true,
    autoApprove: monitor?.autoApprove ?? false,
  };
}

/** The schema's input for the form's values: selectors one per line become lists. */
export function monitorInput(values: MonitorFormValues) {
  return {
    ...values,
    selectors: selectorLines(values.selectors),
    ignoreSelectors: selectorLines(values.ignoreSelectors),
  };
}
