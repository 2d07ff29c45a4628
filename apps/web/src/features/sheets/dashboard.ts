import type { I18n } from '@lingui/core';
import type { Language } from '@pac/validators/page-data';
import { useCallback } from 'react';
import { formatDate, sameSchoolDay } from '../../lib/dates';
import { trpc } from '../../trpc';
import { eventHasPassed } from './slots';

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

/**
 * 'Manage Signup Sheets' in the order an organizer works through them: upcoming sheets soonest
 * first, then past ones (event date now or earlier) latest first. A sorted copy; ties by id.
 */
export function orderSheetsForManagement<T extends { id: number; eventDate: Date }>(
  sheets: readonly T[],
  now: Date = new Date(),
): T[] {
  return [...sheets].sort((a, b) => {
    const aPast = eventHasPassed(a.eventDate, now);
    if (aPast !== eventHasPassed(b.eventDate, now)) return aPast ? 1 : -1;
    const order = aPast ? b.eventDate.getTime() - a.eventDate.getTime() : a.eventDate.getTime() - b.eventDate.getTime();
    return order !== 0 ? order : a.id - b.id;
  });
}

/**
 * The slot dialog's hint when a slot's start or end falls on another day than its sheet's event,
 * on the school's clock: 'This slot is on {date}, but the event is on {date}', naming the
 * start's day (or the end's, when only the end is off), the dates written in `language`. Null when
 * both are on the event's day or not set. A hint only: a slot may rightly run past midnight or be
 * set up the day before.
 */
export function slotDayHint(
  i18n: I18n,
  start: Date | null,
  end: Date | null,
  eventDate: Date,
  language: Language,
): string | null {
  const offDay = [start, end].find((time) => time !== null && !sameSchoolDay(time, eventDate));
  if (!offDay) return null;
  return i18n._('This slot is on {slotDay}, but the event is on {eventDay}', {
    slotDay: formatDate(offDay, language),
    eventDay: formatDate(eventDate, language),
  });
}
