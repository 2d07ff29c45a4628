import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isTimeZone, serverTimeZone } from '@pac/api';
import { z } from 'zod';
import { logLevels } from './log';
import { parseTrustedProxies, type TrustedProxies } from './http/clientAddress';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be a domain name such as example-district.org',
  );

const resolveList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const map = new Map<string, string>();
    for (const pair of (v ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [host, ip] = pair.split('=');
      if (!host || !ip) {
        ctx.addIssue({ code: 'custom', message: 'must be host=ip[,host=ip]' });
        return z.NEVER;
      }
      map.set(host.toLowerCase(), ip);
    }
    return map;
  });

const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): TrustedProxies | null => {
    if (v === undefined || v.trim() === '') return null;
    try {
      return parseTrustedProxies(v);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : 'is not valid' });
      return z.NEVER;
    }
  });

const schema = z.object({
  PORT: int(3000, 0, 65535),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_PATH: z.string().trim().min(1).default('./data/pac.sqlite'),
  UPLOAD_DIR: z.string().trim().min(1).default('./data/uploads'),
  BACKUP_DIR: z.string().trim().min(1).default('./data/backups'),
  BACKUP_KEEP_DAYS: int(14, 0, 3650),
  // Signups are emptied this many months after their event; backups older than it are deleted.
  RETENTION_MONTHS: int(16, 1, 120),
  PUBLIC_BASE_URL: url.optional(),
  SCHOOL_NAME: z.string().trim().min(1).default('Our School PAC'),
  SCHOOL_DOMAIN: hostname.default('example-district.org'),
  SCHOOL_SLUG: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and dashes')
    .default('school'),
  SCHOOL_MONITORS_FILE: optionalText,
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  EMAIL_USER: optionalText,
  EMAIL_APP_PASSWORD: optionalText,
  SMTP_HOST: z.string().trim().min(1).default('smtp.gmail.com'),
  SMTP_PORT: int(465, 1, 65535),
  SMTP_SECURE: bool(true),
  FACEBOOK_PAGE_ID: optionalText,
  FACEBOOK_ACCESS_TOKEN: optionalText,
  INSTAGRAM_USER_ID: optionalText,
  GRAPH_API_BASE_URL: url.default('https://graph.facebook.com/v21.0'),
  MONITOR_TICK_SECONDS: int(60, 0, 86400),
  REMINDER_TICK_SECONDS: int(300, 0, 86400),
  LOGIN_MAX_FAILURES: int(5, 1, 1000),
  SESSION_IDLE_DAYS: int(30, 1, 3650),
  MONITOR_CONCURRENCY: int(4, 1, 64),
  MONITOR_TIMEOUT_MS: int(15000, 100, 600000),
  MONITOR_MAX_BYTES: int(5242880, 1024, 104857600),
  MONITOR_ALLOW_PRIVATE_ADDRESSES: bool(false),
  MONITOR_RESOLVE: resolveList,
  MONITOR_SNAPSHOT_RETENTION: int(100, 5, 100000),
  MONITOR_ERROR_THRESHOLD: int(3, 1, 100),
  MONITOR_HOST_SPACING_MS: int(1000, 0, 600000),
  NOTIFY_WEBHOOK_URL: url.optional(),
  TRUST_PROXY: trustProxy,
  SIGNUP_RATE_LIMIT: int(100, 1, 1000000),
  MAIL_PER_ADDRESS_PER_DAY: int(20, 1, 100000),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  SCHOOL_TIMEZONE: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || isTimeZone(v), 'must be an IANA time zone such as America/Vancouver')
    .transform((v) => v ?? serverTimeZone()),
});

const schoolMonitorsSchema = z
  .array(
    z.object({
      name: z.string().trim().min(1).max(100),
      url: z.string().trim().min(1),
      selectors: z.array(z.string().trim().min(1)).min(1),
      ignoreSelectors: z.array(z.string().trim().min(1)).optional(),
      scheduleMinutes: z.number().int().min(5).max(1440).optional(),
    }),
  )
  .min(1);
export type SchoolMonitors = z.infer<typeof schoolMonitorsSchema>;

/** The monitors `POST /api/monitors/setup-{slug}` creates when no SCHOOL_MONITORS_FILE is given. */
export function builtInSchoolMonitors(domain: string): SchoolMonitors {
  return [
    {
      name: 'District home page',
      url: `https://www.${domain}/`,
      selectors: ['main'],
      ignoreSelectors: ['.carousel', '.weather'],
    },
    { name: 'District news', url: `https://www.${domain}/news`, selectors: ['main', '.news'], scheduleMinutes: 30 },
    {
      name: 'School calendar',
      url: `https://www.${domain}/calendar`,
      selectors: ['.calendar', 'main'],
      scheduleMinutes: 60,
    },
  ];
}

export type Env = z.infer<typeof schema> & {
  /** The school's monitors, from SCHOOL_MONITORS_FILE or the built-in list. */
  schoolMonitors: SchoolMonitors;
  /** PUBLIC_BASE_URL, or http://localhost:PORT once the port is known. */
  publicBaseUrl: string | undefined;
  databasePath: string;
  uploadDir: string;
  backupDir: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the configuration once. A bad value throws a ConfigError whose message is one line
 * naming the variable; main.ts prints it and exits.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const picked: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = source[key];
    picked[key] = value === '' && key !== 'MONITOR_RESOLVE' ? undefined : value;
  }
  const parsed = schema.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${name}=${JSON.stringify(source[name] ?? '')} ${issue?.message ?? 'is invalid'}`,
    );
  }
  let schoolMonitors = builtInSchoolMonitors(parsed.data.SCHOOL_DOMAIN);
  if (parsed.data.SCHOOL_MONITORS_FILE) {
    const file = parsed.data.SCHOOL_MONITORS_FILE;
    let list: unknown;
    try {
      list = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration: SCHOOL_MONITORS_FILE=${JSON.stringify(file)} could not be read as JSON (${error instanceof Error ? error.message : 'unreadable'})`,
      );
    }
    const monitors = schoolMonitorsSchema.safeParse(list);
    if (!monitors.success) {
      const issue = monitors.error.issues[0];
      throw new ConfigError(
        `Invalid configuration: SCHOOL_MONITORS_FILE=${JSON.stringify(file)} entry ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
      );
    }
    schoolMonitors = monitors.data;
  }
  return {
    ...parsed.data,
    schoolMonitors,
    publicBaseUrl: parsed.data.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    databasePath: parsed.data.DATABASE_PATH === ':memory:' ? ':memory:' : resolve(parsed.data.DATABASE_PATH),
    uploadDir: resolve(parsed.data.UPLOAD_DIR),
    backupDir: resolve(parsed.data.BACKUP_DIR),
  };
}

/** Loads `./.env` into the environment when the file exists (variables already set win). */
export function loadDotEnv(path = '.env'): void {
  if (!existsSync(path)) return;
  const before = { ...process.env };
  process.loadEnvFile(path);
  Object.assign(process.env, before);
}
