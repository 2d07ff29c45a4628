import { useCallback } from 'react';
import { trpc } from '../trpc';

/**
 * Refreshes what a change to sheets, slots or signups affects on the dashboard: the sheet lists
 * and pages, the stat tiles and the reminder summary.
 */
export function useRefreshDashboard(): () => Promise<void> {
  const utils = trpc.useUtils();
  return useCallback(async () => {
    await Promise.all([utils.sheets.invalidate(), utils.stats.get.invalidate(), utils.reminders.pending.invalidate()]);
  }, [utils]);
}

/** One day in milliseconds. */
export const dayMs = 24 * 60 * 60 * 1000;

/** A new sheet's event date starts 1 day ahead (SPEC.md section 9). */
export function defaultEventDate(now: Date = new Date()): Date {
  return new Date(now.getTime() + dayMs);
}

/** A datetime-local value as a Date, or null when empty or not a date. */
export function fromDateTimeLocal(value: string): Date | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
