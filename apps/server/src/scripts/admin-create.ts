import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { ensureAdmin } from '@pac/api';
import { migrate, openDatabase } from '@pac/db';
import { loginSchema, passwordMin } from '@pac/validators';
import { ConfigError, loadDotEnv, loadEnv } from '../env';

/**
 * `pnpm admin:create [email] [name]`: creates (or promotes) an administrator account.
 * The password is read from ADMIN_PASSWORD or asked for, never taken from the command line.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const env = loadEnv();
  const rl = createInterface({ input: stdin, output: stdout });
  const email = process.argv[2] ?? env.ADMIN_EMAIL ?? (await rl.question('Admin email: '));
  const name = process.argv[3] ?? 'Administrator';
  const password = env.ADMIN_PASSWORD ?? (await rl.question(`Password (at least ${passwordMin} characters): `));
  rl.close();
  const parsed = loginSchema.safeParse({ email, password });
  if (!parsed.success || password.length < passwordMin) {
    console.error(
      parsed.success
        ? `Password must be at least ${passwordMin} characters`
        : (parsed.error.issues[0]?.message ?? 'Invalid input'),
    );
    process.exit(1);
  }
  const handle = openDatabase(env.databasePath);
  migrate(handle.db);
  const { user, created } = await ensureAdmin(handle.db, { email: parsed.data.email, password, name });
  handle.close();
  console.log(`${created ? 'Created' : 'Updated'} administrator ${user.email} (id ${user.id}) in ${env.databasePath}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
