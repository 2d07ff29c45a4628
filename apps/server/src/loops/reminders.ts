import { type ApiConfig, dueAutomaticReminders, sendReminderOnce } from '@pac/api';
import type { Db } from '@pac/db';
import { startLoop } from './timer';

/**
 * One pass of the automatic reminders: every week, day and day-of reminder that is due and not yet
 * delivered goes out once. Returns how many were sent. Failures are logged and retried next tick.
 */
export async function runReminderTick(db: Db, config: ApiConfig, now = new Date()): Promise<number> {
  let sent = 0;
  for (const due of dueAutomaticReminders(db, config.timeZone, now)) {
    try {
      if (await sendReminderOnce(db, config, due, due.type)) sent += 1;
    } catch (error) {
      console.error('Automatic reminder failed:', error instanceof Error ? error.message : error);
    }
  }
  return sent;
}

/** Starts the automatic reminders (REMINDER_TICK_SECONDS; 0 turns them off). */
export function startReminderLoop(
  db: Db,
  config: ApiConfig,
  tickSeconds: number,
  tick: (db: Db, config: ApiConfig) => Promise<number> = runReminderTick,
): () => void {
  return startLoop('Reminder', tickSeconds, () => tick(db, config));
}
