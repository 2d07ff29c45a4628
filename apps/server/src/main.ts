import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import {
  type ApiConfig,
  createRuntime,
  ensureAdmin,
  failInterruptedNotifications,
  pruneSessions,
  type Runtime,
} from '@pac/api';
import { migrate, openDatabase } from '@pac/db';
import { ConfigError, type Env, loadDotEnv, loadEnv } from './env';
import { createApp } from './http/app';
import { createLogger, type Logger } from './log';
import { startMonitorLoop } from './loops/monitors';
import { startReminderLoop } from './loops/reminders';
import { backupBeforeMigration } from './backups';
import { startBackupLoop } from './loops/backups';
import { startRetentionLoop } from './loops/retention';
import { holdServerLock } from './serverLock';

export interface RunningServer {
  server: Server;
  url: string;
  env: Env;
  /** What the procedures run with (the URL's port filled in). */
  config: ApiConfig;
  /** The server's one Runtime: mail, monitor runner, limits, clock (tests flush its mail). */
  runtime: Runtime;
  close(): Promise<void>;
}

// The same from src/ (tsx) and from dist/ (the bundle): apps/web/dist.
const defaultStaticDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
// The build copies the migrations beside the bundle (dist/drizzle); from src/ there is no such
// folder, and @pac/db finds its own.
const bundledMigrations = fileURLToPath(new URL('./drizzle', import.meta.url));
const migrationsFolder = existsSync(bundledMigrations) ? bundledMigrations : undefined;

export interface StartOptions {
  /** The server's one logger; by default made from LOG_LEVEL (tests pass one that keeps its lines). */
  logger?: Logger;
}

/** Opens and migrates the database, makes sure the bootstrap admin exists, and listens. */
export async function startServer(
  env: Env,
  staticDir: string | null = defaultStaticDir,
  options: StartOptions = {},
): Promise<RunningServer> {
  // The one logger: the request log, the Runtime (services, background mail) and the loops share it.
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const handle = openDatabase(env.databasePath);
  const onDisk = env.databasePath !== ':memory:';
  // `pnpm restore` refuses while this lock names a running process (see serverLock.ts).
  const releaseLock = onDisk ? holdServerLock(env.databasePath) : () => undefined;
  const backupSources = { databasePath: env.databasePath, uploadDir: env.uploadDir, backupDir: env.backupDir };
  try {
    if (onDisk) await backupBeforeMigration(handle.db, backupSources, logger, migrationsFolder);
    migrate(handle.db, migrationsFolder);
  } catch (error) {
    handle.close();
    releaseLock();
    throw error;
  }
  const config: ApiConfig = {
    sessionIdleDays: env.SESSION_IDLE_DAYS,
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    signupRateLimit: env.SIGNUP_RATE_LIMIT,
    mailPerAddressPerDay: env.MAIL_PER_ADDRESS_PER_DAY,
    retentionMonths: env.RETENTION_MONTHS,
    uploadDir: env.uploadDir,
    publicBaseUrl: env.publicBaseUrl ?? `http://localhost:${env.PORT === 0 ? 3000 : env.PORT}`,
    schoolName: env.SCHOOL_NAME,
    timeZone: env.SCHOOL_TIMEZONE,
    mail: {
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      secure: env.SMTP_SECURE,
      envUser: env.EMAIL_USER,
      envPassword: env.EMAIL_APP_PASSWORD,
    },
    monitor: {
      domain: env.SCHOOL_DOMAIN,
      slug: env.SCHOOL_SLUG,
      schoolMonitors: env.schoolMonitors,
      concurrency: env.MONITOR_CONCURRENCY,
      timeoutMs: env.MONITOR_TIMEOUT_MS,
      maxBytes: env.MONITOR_MAX_BYTES,
      allowPrivateAddresses: env.MONITOR_ALLOW_PRIVATE_ADDRESSES,
      resolve: env.MONITOR_RESOLVE,
      snapshotRetention: env.MONITOR_SNAPSHOT_RETENTION,
      errorThreshold: env.MONITOR_ERROR_THRESHOLD,
      hostSpacingMs: env.MONITOR_HOST_SPACING_MS,
      webhookUrl: env.NOTIFY_WEBHOOK_URL,
    },
    social: {
      graphBaseUrl: env.GRAPH_API_BASE_URL,
      facebookPageId: env.FACEBOOK_PAGE_ID,
      facebookAccessToken: env.FACEBOOK_ACCESS_TOKEN,
      instagramUserId: env.INSTAGRAM_USER_ID,
    },
  };
  // Built once: every request, loop and shutdown step below shares it.
  const runtime = createRuntime(handle.db, config, { logger });
  pruneSessions(handle.db, config.sessionIdleDays);
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await ensureAdmin(handle.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  } else if (env.ADMIN_EMAIL || env.ADMIN_PASSWORD) {
    logger.warn('ADMIN_EMAIL and ADMIN_PASSWORD work together; with only one set, no admin account is made.');
  }
  // Set when shutdown begins: from then on every answer closes its connection.
  let shuttingDown = false;
  const listener = createApp({
    db: handle.db,
    config,
    runtime,
    secureCookies: env.publicBaseUrl?.startsWith('https:') ?? false,
    trustedProxies: env.TRUST_PROXY,
    closing: () => shuttingDown,
    staticDir,
    uploadDir: env.uploadDir,
    logger,
    startedAt: Date.now(),
  });
  const server = createServer((req, res) => {
    // In-flight answers finish during shutdown: the keep-alive socket each leaves idle then closes
    // at once (answers begun after shutdown say Connection: close and close their own).
    res.once('close', () => {
      if (shuttingDown) server.closeIdleConnections();
    });
    listener(req, res);
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // A send interrupted by the last shutdown is not repeated (see failInterruptedNotifications).
  failInterruptedNotifications(handle.db);
  const services = { db: handle.db, config, runtime };
  const stopReminders = startReminderLoop(services, env.REMINDER_TICK_SECONDS);
  const stopMonitors = startMonitorLoop(services, env.MONITOR_TICK_SECONDS);
  const stopRetention = startRetentionLoop(services, { backupDir: onDisk ? env.backupDir : null });
  const stopBackups = onDisk
    ? startBackupLoop({ ...backupSources, keepDays: env.BACKUP_KEEP_DAYS, timeZone: config.timeZone, logger })
    : () => undefined;
  let closing: Promise<void> | null = null;
  const publicBaseUrl = env.publicBaseUrl ?? `http://localhost:${port}`;
  config.publicBaseUrl = publicBaseUrl;
  return {
    server,
    url,
    config,
    runtime,
    env: { ...env, publicBaseUrl },
    close: () => {
      stopReminders();
      stopMonitors();
      stopBackups();
      stopRetention();
      closing ??= new Promise<void>((resolve) => {
        shuttingDown = true;
        server.close(() => {
          void runtime.close().finally(() => {
            handle.close();
            releaseLock();
            resolve();
          });
        });
        // Idle keep-alive sockets close now, not after keepAliveTimeout; busy ones once their
        // answer is written (see the listener above).
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

async function main(): Promise<void> {
  // WebAssembly by V8's baseline compiler alone. The only WebAssembly here is undici's HTTP parser,
  // compiled on the first website check; its optimizing tier held ~33 MB more at the peak of a
  // monitoring pass, for no speed the bench can measure (bench/results.md notes). Set before
  // anything compiles WebAssembly, as the command-line flag would be.
  setFlagsFromString('--liftoff-only');
  let env: Env;
  try {
    loadDotEnv();
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      // No logger yet (LOG_LEVEL is one of the settings): a bad setting is one plain line on
      // standard error (DESIGN.md rule 8).
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  // Start and shutdown are logged at any LOG_LEVEL, as they always were: `pnpm start`, systemd and
  // the benchmarks wait for the "listening on" line.
  const lifecycle = logger.child({}, { level: 'info' });
  const running = await startServer(env, defaultStaticDir, { logger }).catch((error: unknown) => {
    lifecycle.error({ err: error }, 'PAC Hub failed to start');
    process.exit(1);
  });
  lifecycle.info({ url: running.url }, `PAC Hub listening on ${running.url}`);
  const shutdown = (signal: string) => {
    lifecycle.info({ signal }, `${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

/** Starts the server as a program: dist/main.js (the build's entry) calls it, as does running this file. */
export function run(): void {
  main().catch((error: unknown) => {
    // Failed before the settings were read (a .env file that cannot be read): there is no
    // configured logger yet, so this line comes from one at the default level.
    createLogger('info').error({ err: error }, 'PAC Hub failed to start');
    process.exit(1);
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) run();
