import { type Executor, settings } from '@pac/db';
import { defaultHeroContent, type HeroContent, heroContentSchema, type SettingKey } from '@pac/validators';
import { eq, sql } from 'drizzle-orm';

function prepareGetSetting(db: Executor) {
  return db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, sql.placeholder('key')))
    .prepare();
}

// Built and compiled once per database (or transaction): every signup reads the sender settings,
// and building the query anew each time cost as much as the signup's own statements.
const preparedGetSetting = new WeakMap<Executor, ReturnType<typeof prepareGetSetting>>();

export function getSetting(db: Executor, key: SettingKey): string | null {
  let statement = preparedGetSetting.get(db);
  if (!statement) {
    statement = prepareGetSetting(db);
    preparedGetSetting.set(db, statement);
  }
  return statement.get({ key })?.value ?? null;
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

/** The stored hero content, or the defaults when never set (or unreadable). */
export function getHeroContent(db: Executor): HeroContent & { isCustom: boolean } {
  const raw = getSetting(db, 'heroContent');
  if (raw !== null) {
    try {
      const parsed = heroContentSchema.safeParse(JSON.parse(raw));
      if (parsed.success) return { ...parsed.data, isCustom: true };
    } catch {
      // A damaged value falls back to the defaults rather than breaking the home page.
    }
  }
  return { ...defaultHeroContent, isCustom: false };
}
