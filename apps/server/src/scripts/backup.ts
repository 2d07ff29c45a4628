import { resolve } from 'node:path';
import { backupDatabase, backupUploads, takeBackup, uploadsBesideBackup } from '../backups';
import { ConfigError, loadDotEnv, loadEnv } from '../env';

/**
 * `pnpm backup`: the same backup the server takes every night, into BACKUP_DIR
 * (`pac-YYYYMMDD-HHMMSS.sqlite` and its `.uploads` folder), or to the path given.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const env = loadEnv();
  const sources = { databasePath: env.databasePath, uploadDir: env.uploadDir, backupDir: env.backupDir };
  let written: { database: string; uploads: string | null };
  if (process.argv[2]) {
    const database = await backupDatabase(env.databasePath, resolve(process.argv[2]));
    written = { database, uploads: backupUploads(env.uploadDir, uploadsBesideBackup(database)) };
  } else {
    written = await takeBackup(sources);
  }
  console.log(`Backed up ${env.databasePath} to ${written.database} (verified)`);
  console.log(
    written.uploads
      ? `Copied ${env.uploadDir} to ${written.uploads}`
      : `No uploads folder at ${env.uploadDir}; nothing to copy`,
  );
}

if (process.argv[1]?.endsWith('backup.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
