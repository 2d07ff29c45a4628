import { checkDueMonitors, deliverDueNotifications, prepareMonitorChecks, type ServiceContext } from '@pac/api';
import { startLoop } from './timer';

/** One pass of the website watch: check the monitors that are due, then send the notifications that are due. */
export async function runMonitorTick(services: ServiceContext): Promise<void> {
  await checkDueMonitors(services);
  await deliverDueNotifications(services);
}

/** Starts the website watch (MONITOR_TICK_SECONDS; 0 turns it off). */
export function startMonitorLoop(services: ServiceContext, tickSeconds: number): () => void {
  if (tickSeconds > 0) prepareMonitorChecks(services.db);
  // Every line about the loop's work (a failed check, a failure email) names it.
  const loop = { ...services, logger: services.runtime.logger.child({ loop: 'monitor' }) };
  return startLoop('Monitor', tickSeconds, loop.logger, () => runMonitorTick(loop));
}
