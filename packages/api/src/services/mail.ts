import type { Db } from '@pac/db';
import { createMailer, type Mailer, type MailMessage } from '@pac/notify';
import type { ApiConfig } from '../context';
import { getSetting } from './settings';

export interface Sender {
  user: string;
  password: string;
  /** 'settings' when the Email Settings tab overrides the environment. */
  source: 'settings' | 'environment';
}

/** The sender account: the settings senderEmail/senderPassword override EMAIL_USER/EMAIL_APP_PASSWORD. */
export function currentSender(db: Db, config: ApiConfig): Sender | null {
  const user = getSetting(db, 'senderEmail');
  const password = getSetting(db, 'senderPassword');
  if (user && password) return { user, password, source: 'settings' };
  if (config.mail.envUser && config.mail.envPassword) {
    return { user: config.mail.envUser, password: config.mail.envPassword, source: 'environment' };
  }
  return null;
}

/** Where admin mail goes: the adminEmail setting, else the sender's own address. */
export function adminRecipient(db: Db, config: ApiConfig): string | null {
  return getSetting(db, 'adminEmail') ?? currentSender(db, config)?.user ?? null;
}

// One pooled transport per sender; a changed sender (or password) gets a new one.
const mailers = new Map<string, Mailer>();

function mailerFor(config: ApiConfig, sender: Sender): Mailer {
  const key = JSON.stringify([config.mail.host, config.mail.port, config.mail.secure, sender.user, sender.password]);
  let mailer = mailers.get(key);
  if (!mailer) {
    for (const old of mailers.values()) old.close();
    mailers.clear();
    mailer = createMailer({
      host: config.mail.host,
      port: config.mail.port,
      secure: config.mail.secure,
      user: sender.user,
      password: sender.password,
      fromName: config.schoolName,
    });
    mailers.set(key, mailer);
  }
  return mailer;
}

export class MailNotConfiguredError extends Error {
  constructor() {
    super('Email is not configured: set the sender email and app password in Email Settings');
  }
}

/** Sends one message from the current sender. */
export async function sendMail(db: Db, config: ApiConfig, message: MailMessage): Promise<void> {
  const sender = currentSender(db, config);
  if (!sender) throw new MailNotConfiguredError();
  await mailerFor(config, sender).send(message);
}

const inFlight = new Set<Promise<void>>();

/**
 * Runs a mail task after the request has been answered; a failure is logged, never thrown at the
 * caller (the signup itself has already succeeded). `flushBackgroundMail` waits for them all.
 */
export function sendInBackground(label: string, task: () => Promise<void>): void {
  const run = task()
    .catch((error: unknown) => {
      console.error(`${label} failed:`, error instanceof Error ? error.message : error);
    })
    .finally(() => inFlight.delete(run));
  inFlight.add(run);
}

export async function flushBackgroundMail(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

export function closeMailers(): void {
  for (const mailer of mailers.values()) mailer.close();
  mailers.clear();
}
