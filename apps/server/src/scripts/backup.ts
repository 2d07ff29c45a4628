import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { ConfigError, loadDotEnv, loadEnv } from '../env';

/** `pac-20261122-013000.sqlite` */
function timestampedName(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `pac-${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}.sqlite`;
}

/**
 * Writes a consistent copy of the live database with SQLite's online backup API (safe while the
 * server runs and writes), then checks the copy's integrity. Returns the copy's path.
 */
export async function backupDatabase(databasePath: string, destination: string): Promise<string> {
  mkdirSync(dirname(destination), { recursive: true });
  const source = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(destination);
  } finally {
    source.close();
  }
  const copy = new Database(destination, { readonly: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`The backup failed its integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
  return destination;
}

async function main(): Promise<void> {
  loadDotEnv();
  const env = loadEnv();
  const target = process.argv[2]
    ? resolve(process.argv[2])
    : join(dirname(env.databasePath), 'backups', timestampedName());
  const written = await backupDatabase(env.databasePath, target);
  console.log(`Backed up ${env.databasePath} to ${written}`);
}

if (process.argv[1]?.endsWith('backup.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
