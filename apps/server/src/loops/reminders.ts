import { sendDueReminders, sendOrganizerDigests, type ServiceContext } from '@pac/api';
import { startLoop } from './timer';

/**
 * One pass of the automatic reminders (see sendDueReminders): every week, day and day-of reminder
 * that is due and not yet delivered goes out once; then the organizers' daily digests that are due
 * (sendOrganizerDigests, from 07:00 school time). Returns how many emails were sent.
 */
export async function runReminderTick(services: ServiceContext, now?: Date): Promise<number> {
  const reminders = await sendDueReminders(services, now);
  return reminders + (await sendOrganizerDigests(services, now));
}

/** Starts the automatic reminders (REMINDER_TICK_SECONDS; 0 turns them off). */
export function startReminderLoop(
  services: ServiceContext,
  tickSeconds: number,
  tick: (services: ServiceContext) => Promise<number> = runReminderTick,
): () => void {
  // Every line about the loop's work (a reminder that failed to send) names it.
  const loop = { ...services, logger: services.runtime.logger.child({ loop: 'reminders' }) };
  return startLoop('Reminder', tickSeconds, loop.logger, () => tick(loop));
}
