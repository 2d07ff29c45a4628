import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Db, serverSecrets } from '@pac/db';
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../context';
import { RuntimeKey } from '../runtime';
import { refuse } from './errors';

const keyName = 'linkSigningKey';
const signingKeyState = new RuntimeKey<Buffer>('link signing key');

/** The key that signs email links, made once per database and kept in it. */
function loadSigningKey(db: Db): Buffer {
  db.insert(serverSecrets)
    .values({ name: keyName, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing()
    .run();
  const row = db.select().from(serverSecrets).where(eq(serverSecrets.name, keyName)).get();
  if (!row) throw new Error('The link signing key could not be stored');
  return Buffer.from(row.value, 'base64');
}

/**
 * What a link is for. `calendarFeed.<version>` signs an account's private calendar feed (the id is
 * the user's) together with users.calendarFeedVersion, so that bumping the version retires the URL.
 */
export type LinkPurpose = 'cancel' | 'unsubscribe' | 'manage' | `calendarFeed.${number}`;

/** FORBIDDEN's sentence for a link whose token we did not sign. */
export const invalidLinkMessage = /*i18n*/ 'This link is not valid';

type LinkContext = Pick<ServiceContext, 'runtime'>;

/** A token that proves a link came from us, for one purpose and one volunteer. */
export function signLink(ctx: LinkContext, purpose: LinkPurpose, volunteerId: number): string {
  const key = ctx.runtime.state(signingKeyState, loadSigningKey);
  return createHmac('sha256', key).update(`${purpose}:${volunteerId}`).digest('base64url');
}

export function verifyLink(ctx: LinkContext, purpose: LinkPurpose, volunteerId: number, token: string): boolean {
  const expected = Buffer.from(signLink(ctx, purpose, volunteerId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** FORBIDDEN 'This link is not valid' unless we signed this link. */
export function assertValidLink(ctx: LinkContext, purpose: LinkPurpose, volunteerId: number, token: string): void {
  if (!verifyLink(ctx, purpose, volunteerId, token))
    throw refuse('FORBIDDEN', invalidLinkMessage, { reason: 'invalidLink' });
}
