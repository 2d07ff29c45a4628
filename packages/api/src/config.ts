/** Settings the procedures need; built from the environment by apps/server/env.ts. */
export interface ApiConfig {
  /** A session unused this long ends. */
  sessionIdleDays: number;
  /** Failed logins for one account within 15 minutes before 429 (an address gets 4 times as many). */
  loginMaxFailures: number;
  /** Signups one client address may make in 10 minutes (admins exempt). */
  signupRateLimit: number;
  /** Emails one mailbox may be sent in a school day, whatever sends them (MAIL_PER_ADDRESS_PER_DAY). */
  mailPerAddressPerDay: number;
  /**
   * RETENTION_MONTHS: a signup is emptied of its person this many months after its event, and
   * backups older than it are deleted (API.md "Privacy").
   */
  retentionMonths: number;
  /** Hero images and the logo live here, under server-chosen names. */
  uploadDir: string;
  /** Absolute root for links in emails and image URLs sent to Instagram. */
  publicBaseUrl: string;
  schoolName: string;
  /** SCHOOL_TIMEZONE: the IANA zone of every time the server writes or schedules. */
  timeZone: string;
  /** SMTP transport; the sender comes from settings (senderEmail/senderPassword) or else the environment. */
  mail: { host: string; port: number; secure: boolean; envUser?: string; envPassword?: string };
  /** The website watch. */
  monitor: MonitorConfig;
  /** Facebook / Instagram through the Graph API. */
  social: SocialConfig;
}

export interface SchoolMonitorDefinition {
  name: string;
  url: string;
  selectors: string[];
  ignoreSelectors?: string[];
  scheduleMinutes?: number;
}

export interface MonitorConfig {
  /** SCHOOL_DOMAIN: monitors may watch it and its subdomains only. */
  domain: string;
  /** SCHOOL_SLUG: the suffix of POST /api/monitors/setup-{slug}. */
  slug: string;
  /** The monitors the setup route creates. */
  schoolMonitors: SchoolMonitorDefinition[];
  concurrency: number;
  timeoutMs: number;
  maxBytes: number;
  /** Development and tests only. */
  allowPrivateAddresses: boolean;
  /** Development and tests only: host → ip, like curl --resolve. */
  resolve: ReadonlyMap<string, string>;
  /** Snapshots kept per monitor; older ones are pruned. */
  snapshotRetention: number;
  /** Least time between two checks of the same host (politeness to the school's server). */
  hostSpacingMs: number;
  /** Failed checks in a row before a monitor turns to status error. */
  errorThreshold: number;
  /** Where the webhook channel posts, when set. */
  webhookUrl?: string;
}

export interface SocialConfig {
  graphBaseUrl: string;
  facebookPageId?: string;
  facebookAccessToken?: string;
  instagramUserId?: string;
}
