import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * While the server runs, `<DATABASE_PATH>.lock` holds its process id, so that `pnpm restore` can
 * refuse to swap the database under it. The server writes it at start and removes it on close; a
 * lock left by a crash (kill -9, power loss) names a process that no longer exists and is ignored.
 */
export function serverLockPath(databasePath: string): string {
  return `${databasePath}.lock`;
}

/** Writes the lock with this process's id; returns `release()`, which removes it if it is still ours. */
export function holdServerLock(databasePath: string): () => void {
  const path = serverLockPath(databasePath);
  const mine = String(process.pid);
  writeFileSync(path, `${mine}\n`, { mode: 0o600 });
  return () => {
    if (existsSync(path) && readFileSync(path, 'utf8').trim() === mine) rmSync(path, { force: true });
  };
}

/** The id of the running server that holds the lock, or null when none does (no lock, or a stale one). */
export function serverLockHolder(databasePath: string): number | null {
  const path = serverLockPath(databasePath);
  if (!existsSync(path)) return null;
  const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    // Signal 0 only asks whether the process exists.
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is running.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
