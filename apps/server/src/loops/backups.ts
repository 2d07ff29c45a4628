import { instantAt, wallTime } from '@pac/api';
import { type BackupSources, pruneBackups, type TakenBackup, takeBackup } from '../backups';
import type { Logger } from '../log';

/** The hour of the night the backup runs, on the school's clock. */
export const nightlyBackupHour = 2;

/**
 * The next nightly backup strictly after `now`: the next 02:00 on the school's clock
 * (SCHOOL_TIMEZONE), whatever zone the server runs in. Pure, and the only place that decides
 * "night". On the night clocks spring forward past 02:00 it is the first instant after the gap
 * (03:00), so no night is skipped.
 */
export function nextNightlyBackup(now: Date, timeZone: string, hour: number = nightlyBackupHour): Date {
  const today = wallTime(now, timeZone);
  const nightOf = (days: number) => {
    // Calendar arithmetic in UTC, where every day has 24 hours: the 31st + 1 rolls over to the 1st.
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
    return instantAt(
      { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour },
      timeZone,
    );
  };
  const tonight = nightOf(0);
  // Tomorrow's is always later than any instant of today on the school's clock.
  return tonight.getTime() > now.getTime() ? tonight : nightOf(1);
}

export interface BackupLoopOptions extends BackupSources {
  /** BACKUP_KEEP_DAYS: nightly backups older than this are removed; 0 turns the loop off. */
  keepDays: number;
  /** SCHOOL_TIMEZONE: the clock whose 02:00 is "night". */
  timeZone: string;
  /** The server's logger: each night's outcome is one line (`loop: 'backup'`). */
  logger: Logger;
}

export interface NightlyBackup extends TakenBackup {
  removed: string[];
}

/**
 * One night's work: a verified backup of the database and the uploads, then the nightly backups
 * older than `keepDays` are removed. Old backups go only after a new one succeeded, so a run of
 * failing nights never leaves the folder empty.
 */
export async function runNightlyBackup(options: BackupLoopOptions, now: Date = new Date()): Promise<NightlyBackup> {
  const taken = await takeBackup(options, 'nightly', now);
  return { ...taken, removed: pruneBackups(options.backupDir, options.keepDays, now) };
}

/**
 * Takes a backup every night at 02:00 school time (see nextNightlyBackup). A failed night is logged and the
 * next one tried as usual; nothing here stops the server. Returns `stop()`.
 */
export function startBackupLoop(
  options: BackupLoopOptions,
  run: (options: BackupLoopOptions) => Promise<NightlyBackup> = runNightlyBackup,
): () => void {
  if (options.keepDays <= 0) return () => undefined;
  const logger = options.logger.child({ loop: 'backup' });
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (after: Date) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        // From an hour on, so that a timer firing a hair early cannot run the same night twice.
        const next = new Date(Date.now() + 60 * 60 * 1000);
        run(options)
          .then((done) => {
            const removed = done.removed.length
              ? `; removed ${done.removed.length} older than ${options.keepDays} days`
              : '';
            logger.info(
              { backup: done.database, uploads: done.uploads, removed: done.removed.length },
              `Nightly backup: ${done.database} (verified)${done.uploads ? ` with ${done.uploads}` : ''}${removed}`,
            );
          })
          .catch((error: unknown) => logger.error({ err: error }, 'Nightly backup failed'))
          .finally(() => schedule(next));
      },
      nextNightlyBackup(after, options.timeZone).getTime() - Date.now(),
    );
    timer.unref();
  };
  schedule(new Date());
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
