import { type ApiConfig, channelDelivery, type MonitorRunner, processNotifications } from '@pac/api';
import type { Db } from '@pac/db';
import { startLoop } from './timer';

/** One pass of the website watch: check the monitors that are due, then send the notifications that are due. */
export async function runMonitorTick(db: Db, config: ApiConfig, runner: MonitorRunner): Promise<void> {
  await runner.runDue();
  await processNotifications(db, channelDelivery(db, config));
}

/** Starts the website watch (MONITOR_TICK_SECONDS; 0 turns it off). */
export function startMonitorLoop(db: Db, config: ApiConfig, runner: MonitorRunner, tickSeconds: number): () => void {
  return startLoop('Monitor', tickSeconds, () => runMonitorTick(db, config, runner));
}
