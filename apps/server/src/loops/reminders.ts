import { type ApiConfig, dueAutomaticReminders, sendReminderOnce } from '@pac/api';
import type { Db } from '@pac/db';

/**
 * One pass of the automatic reminders: every week, day and day-of reminder that is due and not yet
 * delivered goes out once. Returns how many were sent. Failures are logged and retried next tick.
 */
export async function runReminderTick(db: Db, config: ApiConfig, now = new Date()): Promise<number> {
  let sent = 0;
  for (const due of dueAutomaticReminders(db, now)) {
    try {
      if (await sendReminderOnce(db, config, due, due.type)) sent += 1;
    } catch (error) {
      console.error('Automatic reminder failed:', error instanceof Error ? error.message : error);
    }
  }
  return sent;
}

/**
 * Starts the reminder timer. A tick never overlaps the previous one, and `stop()` ends the timer
 * (a tick under way finishes its current mail).
 */
export function startReminderLoop(
  db: Db,
  config: ApiConfig,
  tickSeconds: number,
  tick: (db: Db, config: ApiConfig) => Promise<number> = runReminderTick,
): () => void {
  if (tickSeconds <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tick(db, config)
      .catch((error: unknown) => console.error('Reminder tick failed:', error))
      .finally(() => {
        running = false;
      });
  }, tickSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
