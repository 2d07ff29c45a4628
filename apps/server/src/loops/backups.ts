import { type BackupSources, pruneBackups, type TakenBackup, takeBackup } from '../backups';

/** The hour of the night the backup runs. */
export const nightlyBackupHour = 2;

/**
 * The next nightly backup strictly after `now`: the next 02:00 on the server's clock. Pure, and the
 * only place that decides "night": reading it in the school's zone instead is a change here only.
 */
export function nextNightlyBackup(now: Date, hour: number = nightlyBackupHour): Date {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate(), hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next;
}

export interface BackupLoopOptions extends BackupSources {
  /** BACKUP_KEEP_DAYS: nightly backups older than this are removed; 0 turns the loop off. */
  keepDays: number;
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
 * Takes a backup every night at 02:00 (see nextNightlyBackup). A failed night is logged and the
 * next one tried as usual; nothing here stops the server. Returns `stop()`.
 */
export function startBackupLoop(
  options: BackupLoopOptions,
  run: (options: BackupLoopOptions) => Promise<NightlyBackup> = runNightlyBackup,
): () => void {
  if (options.keepDays <= 0) return () => undefined;
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
            console.log(
              `Nightly backup: ${done.database} (verified)${done.uploads ? ` with ${done.uploads}` : ''}${removed}`,
            );
          })
          .catch((error: unknown) =>
            console.error('Nightly backup failed:', error instanceof Error ? error.message : error),
          )
          .finally(() => schedule(next));
      },
      nextNightlyBackup(after).getTime() - Date.now(),
    );
    timer.unref();
  };
  schedule(new Date());
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
