import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Db, serverSecrets } from '@pac/db';
import { eq } from 'drizzle-orm';

const keyName = 'linkSigningKey';
const cache = new WeakMap<Db, Buffer>();

/** The key that signs email links, made once per database and kept in it. */
function signingKey(db: Db): Buffer {
  const cached = cache.get(db);
  if (cached) return cached;
  db.insert(serverSecrets)
    .values({ name: keyName, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing()
    .run();
  const row = db.select().from(serverSecrets).where(eq(serverSecrets.name, keyName)).get();
  if (!row) throw new Error('The link signing key could not be stored');
  const key = Buffer.from(row.value, 'base64');
  cache.set(db, key);
  return key;
}

export type LinkPurpose = 'cancel' | 'unsubscribe';

/** A token that proves a link came from us, for one purpose and one volunteer. */
export function signLink(db: Db, purpose: LinkPurpose, volunteerId: number): string {
  return createHmac('sha256', signingKey(db)).update(`${purpose}:${volunteerId}`).digest('base64url');
}

export function verifyLink(db: Db, purpose: LinkPurpose, volunteerId: number, token: string): boolean {
  const expected = Buffer.from(signLink(db, purpose, volunteerId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
