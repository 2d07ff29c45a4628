import { applyRetention, monthsBefore, type ServiceContext } from '@pac/api';
import { pruneExpiredBackups } from '../backups';
import { nextNightlyBackup } from './backups';

/** The hour of the night retention runs, on the school's clock: before the 02:00 backup, which then holds none of it. */
export const retentionHour = 1;

export interface RetentionOptions {
  /** BACKUP_DIR, whose backups older than RETENTION_MONTHS go; null when the database is in memory. */
  backupDir: string | null;
}

export interface RetentionRun {
  /** Signups emptied of their person. */
  signups: number;
  /** Backups removed. */
  backups: string[];
}

/**
 * One night's retention (API.md "Privacy"): signups of sheets whose event is more than
 * RETENTION_MONTHS old are emptied of their person (applyRetention), and backups older than that
 * are deleted.
 */
export function runRetention(services: ServiceContext, options: RetentionOptions, now: Date): RetentionRun {
  const signups = applyRetention(services, now);
  const backups = options.backupDir
    ? pruneExpiredBackups(options.backupDir, monthsBefore(now, services.config.retentionMonths))
    : [];
  return { signups, backups };
}

/**
 * Runs retention every night at 01:00 school time (nextNightlyBackup's rules for the night).
 * A failed night is logged and the next one tried; nothing here stops the server. Returns `stop()`.
 */
export function startRetentionLoop(
  services: ServiceContext,
  options: RetentionOptions,
  run: (services: ServiceContext, options: RetentionOptions, now: Date) => RetentionRun = runRetention,
): () => void {
  const logger = (services.logger ?? services.runtime.logger).child({ loop: 'retention' });
  const loop = { ...services, logger };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (after: Date) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        const now = new Date();
        // From an hour on, so that a timer firing a hair early cannot run the same night twice.
        const next = new Date(now.getTime() + 60 * 60 * 1000);
        try {
          const done = run(loop, options, now);
          logger.info(
            { signups: done.signups, backups: done.backups.length },
            `Retention: ${done.signups} signups older than ${services.config.retentionMonths} months emptied, ${done.backups.length} backups removed`,
          );
        } catch (error) {
          logger.error({ err: error }, 'Retention failed');
        }
        schedule(next);
      },
      nextNightlyBackup(after, services.config.timeZone, retentionHour).getTime() - Date.now(),
    );
    timer.unref();
  };
  schedule(new Date());
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
