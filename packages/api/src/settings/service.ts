import { type Db, type Executor, settings } from '@pac/db';
import type { SchoolClock, SettingKey } from '@pac/validators';
import { eq, sql } from 'drizzle-orm';
import type { Context, ServiceContext } from '../context';
import { answerText } from '../lib/i18n';
import { schoolClockFor } from '../lib/schoolTime';
import { findImage, storeImage, uploadsPath } from '../lib/uploads';
import { RuntimeKey } from '../runtime';

/** Settings anyone may read: what the home page and the privacy policy show. */
export const publicSettingKeys = [
  'heroImageUrl',
  'heroContent',
  'privacyContact',
] as const satisfies readonly SettingKey[];

export type PublicSettingKey = (typeof publicSettingKeys)[number];

function prepareGetSetting(db: Db) {
  return db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, sql.placeholder('key')))
    .prepare();
}

// Built and compiled once per database: every signup reads the sender settings, and building the
// query anew each time cost as much as the signup's own statements.
const getSettingStatement = new RuntimeKey<ReturnType<typeof prepareGetSetting>>('settings: get one');

export function getSetting(ctx: Pick<ServiceContext, 'runtime'>, key: SettingKey): string | null {
  return ctx.runtime.state(getSettingStatement, prepareGetSetting).get({ key })?.value ?? null;
}

export function setSetting(db: Executor, key: SettingKey, value: string): void {
  db.insert(settings)
    .values({ key, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } })
    .run();
}

export function deleteSetting(db: Executor, key: SettingKey): void {
  db.delete(settings).where(eq(settings.key, key)).run();
}

/** A setting the home page shows, for anyone: `{ key, value }`. */
export function readPublicSetting(ctx: ServiceContext, key: PublicSettingKey) {
  return { key, value: getSetting(ctx, key) };
}

/** Any setting, for admins: `{ key, value }`; the sender password is never sent: `{ key, configured }`. */
export function readSetting(ctx: ServiceContext, key: SettingKey) {
  const value = getSetting(ctx, key);
  if (key === 'senderPassword') return { key, configured: value !== null };
  return { key, value };
}

export function writeSetting(ctx: ServiceContext, input: { key: SettingKey; value: string }) {
  setSetting(ctx.db, input.key, input.value);
  if (input.key === 'senderPassword') return { key: input.key, configured: true };
  return { key: input.key, value: input.value };
}

/**
 * The account mail is sent from: its address and app password, saved together in one transaction,
 * so that a failure can never leave a new address with the old password. Answers as reading it
 * would, without the password.
 */
export function writeSender(ctx: ServiceContext, input: { senderEmail: string; senderPassword: string }) {
  ctx.db.transaction((tx) => {
    setSetting(tx, 'senderEmail', input.senderEmail);
    setSetting(tx, 'senderPassword', input.senderPassword);
  });
  return { senderEmail: input.senderEmail, senderPasswordConfigured: true };
}

/**
 * SCHOOL_TIMEZONE's offsets from this server's time-zone data, for the web app to read every time
 * on (API.md "The school's clock"): the same table the server's own emails and schedules read.
 */
export function schoolClock(ctx: ServiceContext): SchoolClock {
  return schoolClockFor(ctx.config.timeZone);
}

export function logoUrl(ctx: ServiceContext) {
  const name = findImage(ctx.config.uploadDir, 'logo');
  return { hasLogo: name !== null, logoUrl: name ? `${uploadsPath}${name}` : null };
}

export function uploadLogo(ctx: Context, data: Uint8Array) {
  const name = storeImage(ctx.config.uploadDir, 'logo', data);
  return { message: answerText(ctx, /*i18n*/ 'Logo uploaded successfully'), logoUrl: `${uploadsPath}${name}` };
}
