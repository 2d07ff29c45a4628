export type HistoryStatus = 'Upcoming' | 'Completed';

/** SPEC.md section 4: a history entry is Upcoming while its event date is in the future. */
export function historyStatus(eventDate: Date, now: Date = new Date()): HistoryStatus {
  return eventDate.getTime() > now.getTime() ? 'Upcoming' : 'Completed';
}

/** A slot's length in hours (end minus start); 0 without both times or when the end comes first. */
export function slotHours(slot: { startTime: Date | null; endTime: Date | null }): number {
  if (!slot.startTime || !slot.endTime) return 0;
  return Math.max(0, slot.endTime.getTime() - slot.startTime.getTime()) / 3_600_000;
}

/** Hours shown to one decimal: 2.5 → '2.5', 3 → '3.0'. */
export function formatHours(hours: number): string {
  if (!Number.isFinite(hours) || hours < 0) return '0.0';
  return (Math.round(hours * 10) / 10).toFixed(1);
}

interface DatedEntry {
  id: number;
  slot: { startTime: Date | null };
  signupSheet: { eventDate: Date };
}

/**
 * A volunteer history as people read it: upcoming entries soonest first, then past ones latest
 * first. An entry is upcoming by its event date (the badge's rule) and dated by its slot's start,
 * or the event date for a slot without one. A sorted copy; the input is left as it was.
 */
export function orderHistory<T extends DatedEntry>(entries: readonly T[], now: Date = new Date()): T[] {
  const when = (entry: T) => (entry.slot.startTime ?? entry.signupSheet.eventDate).getTime();
  const upcoming = (entry: T) => historyStatus(entry.signupSheet.eventDate, now) === 'Upcoming';
  return [...entries].sort((a, b) => {
    const au = upcoming(a);
    if (au !== upcoming(b)) return au ? -1 : 1;
    const order = au ? when(a) - when(b) : when(b) - when(a);
    return order !== 0 ? order : a.id - b.id;
  });
}
