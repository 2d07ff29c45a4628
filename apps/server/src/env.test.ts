import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

describe('loadEnv', () => {
  it('gives every variable a working default', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.databasePath).toMatch(/data\/pac\.sqlite$/);
    expect(env.SCHOOL_DOMAIN).toBe('example-district.org');
    expect(env.SCHOOL_SLUG).toBe('school');
    expect(env.SMTP_PORT).toBe(465);
    expect(env.SMTP_SECURE).toBe(true);
    expect(env.GRAPH_API_BASE_URL).toBe('https://graph.facebook.com/v21.0');
    expect(env.MONITOR_TICK_SECONDS).toBe(60);
    expect(env.LOGIN_MAX_FAILURES).toBe(5);
    expect(env.SESSION_IDLE_DAYS).toBe(30);
    expect(env.MONITOR_CONCURRENCY).toBe(4);
    expect(env.MONITOR_MAX_BYTES).toBe(5242880);
    expect(env.MONITOR_ALLOW_PRIVATE_ADDRESSES).toBe(false);
    expect(env.MONITOR_RESOLVE.size).toBe(0);
    expect(env.TRUST_PROXY).toBeNull();
    expect(env.SIGNUP_RATE_LIMIT).toBe(100);
  });

  it('reads BACKUP_DIR like the other paths and BACKUP_KEEP_DAYS as a whole number of days', () => {
    const defaults = loadEnv({});
    expect(defaults.backupDir).toMatch(/^\/.*data\/backups$/);
    expect(defaults.BACKUP_KEEP_DAYS).toBe(14);
    const set = loadEnv({ BACKUP_DIR: '/srv/pac/backups', BACKUP_KEEP_DAYS: '0' });
    expect([set.backupDir, set.BACKUP_KEEP_DAYS]).toEqual(['/srv/pac/backups', 0]);
    expect(() => loadEnv({ BACKUP_KEEP_DAYS: '-1' })).toThrow(
      /^Invalid configuration: BACKUP_KEEP_DAYS="-1" must be a whole number/,
    );
  });

  it('parses TRUST_PROXY into the proxies whose forwarded headers are believed', () => {
    const env = loadEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 2001:db8::/32', SIGNUP_RATE_LIMIT: '5' });
    expect(env.TRUST_PROXY?.has('127.0.0.1')).toBe(true);
    expect(env.TRUST_PROXY?.has('::ffff:127.0.0.1')).toBe(true);
    expect(env.TRUST_PROXY?.has('10.9.8.7')).toBe(true);
    expect(env.TRUST_PROXY?.has('2001:db8::1')).toBe(true);
    expect(env.TRUST_PROXY?.has('192.0.2.1')).toBe(false);
    expect(env.SIGNUP_RATE_LIMIT).toBe(5);
    expect(loadEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBeNull();
  });

  it('parses values and lists', () => {
    const env = loadEnv({
      PORT: '0',
      SMTP_SECURE: 'false',
      PUBLIC_BASE_URL: 'https://pac.example.org/',
      MONITOR_RESOLVE: 'www.example-district.org=127.0.0.1, a.example-district.org=127.0.0.2',
    });
    expect(env.PORT).toBe(0);
    expect(env.SMTP_SECURE).toBe(false);
    expect(env.publicBaseUrl).toBe('https://pac.example.org');
    expect(env.MONITOR_RESOLVE.get('a.example-district.org')).toBe('127.0.0.2');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_BASE_URL', 'not a url'],
    ['GRAPH_API_BASE_URL', 'ftp://graph.example.org'],
    ['SMTP_SECURE', 'maybe'],
    ['SCHOOL_DOMAIN', 'http://x'],
    ['MONITOR_RESOLVE', 'nonsense'],
    ['TRUST_PROXY', 'localhost'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, nonsense'],
    ['SIGNUP_RATE_LIMIT', '0'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(ConfigError);
    try {
      loadEnv({ [name]: value });
    } catch (error) {
      expect((error as Error).message).toContain(name);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('stops start-up with exit code 1 and one clear line', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
    const run = spawnSync(tsx, [main], { env: { ...process.env, PORT: 'abc' }, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT="abc"/);
  });
});
