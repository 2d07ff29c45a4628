import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, queryOne, startTestServer } from '../../test/support/harness';

const script = fileURLToPath(new URL('./admin-create.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function run(databasePath: string, args: string[], password: string) {
  return spawnSync(tsx, [script, ...args], {
    env: { ...process.env, DATABASE_PATH: databasePath, ADMIN_PASSWORD: password, ADMIN_EMAIL: '' },
    encoding: 'utf8',
    input: '',
    timeout: 30_000,
  });
}

describe('pnpm admin:create', () => {
  it('creates an administrator who can then sign in, and promotes an existing account', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pac-admin-'));
    dirs.push(dir);
    const databasePath = join(dir, 'pac.sqlite');
    const first = run(databasePath, ['Chair@Example.org', 'Pat Chair'], 'chair-password');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Created administrator chair@example.org');
    const row = queryOne<{ name: string; role: string; password_hash: string }>(
      databasePath,
      'SELECT name, role, password_hash FROM users WHERE email = ?',
      'chair@example.org',
    );
    expect(row).toMatchObject({ name: 'Pat Chair', role: 'admin' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const server = await startTestServer({ dir });
    try {
      const client = new ApiClient(server.url);
      const user = await client.login('chair@example.org', 'chair-password');
      expect(user).toMatchObject({ isAdmin: true });
    } finally {
      await server.stop();
    }
  });

  it('refuses a short password and writes nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pac-admin-'));
    dirs.push(dir);
    const databasePath = join(dir, 'pac.sqlite');
    const result = run(databasePath, ['x@example.org'], '123');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('at least 6 characters');
    expect(existsSync(databasePath)).toBe(false);
  });
});
