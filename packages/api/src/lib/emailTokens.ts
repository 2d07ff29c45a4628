import { createHash, randomBytes } from 'node:crypto';
import { type AuthTokenPurpose, authTokens, type Db, type Executor, type User, users } from '@pac/db';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { refuse } from './errors';

const hourMs = 60 * 60 * 1000;

/** How long a link works, and how many one account may be sent in an hour. */
export const tokenRules: Record<AuthTokenPurpose, { ttlMs: number; perHour: number; path: string }> = {
  verifyEmail: { ttlMs: 48 * hourMs, perHour: 5, path: '/verify-email' },
  resetPassword: { ttlMs: hourMs, perHour: 3, path: '/reset-password' },
};

export const invalidLinkMessage = /*i18n*/ 'This link is invalid or has expired';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Makes a single-use link token for this user's current address, unless the account was already
 * sent `perHour` of this kind in the last hour (then null). Counting and inserting are one
 * transaction, so parallel requests cannot send more. Only the token's hash is stored.
 */
export function issueEmailToken(db: Db, user: Pick<User, 'id' | 'email'>, purpose: AuthTokenPurpose): string | null {
  const rules = tokenRules[purpose];
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  return db.transaction((tx) => {
    const sent = tx
      .select({ n: count() })
      .from(authTokens)
      .where(
        and(
          eq(authTokens.userId, user.id),
          eq(authTokens.purpose, purpose),
          gt(authTokens.createdAt, new Date(now - hourMs)),
        ),
      )
      .get();
    if ((sent?.n ?? 0) >= rules.perHour) return null;
    tx.insert(authTokens)
      .values({
        tokenHash: hashToken(token),
        userId: user.id,
        purpose,
        email: user.email,
        createdAt: new Date(now),
        expiresAt: new Date(now + rules.ttlMs),
      })
      .run();
    return token;
  });
}

/** The link's absolute address, e.g. {PUBLIC_BASE_URL}/verify-email?token=… */
export function emailTokenUrl(publicBaseUrl: string, purpose: AuthTokenPurpose, token: string): string {
  return `${publicBaseUrl}${tokenRules[purpose].path}?token=${encodeURIComponent(token)}`;
}

/**
 * The user a token was issued to, when it is unused, unexpired, of this purpose, and for the
 * address the account still has; otherwise 400 'This link is invalid or has expired'.
 * `consume` marks it used in the same step (run it inside the transaction that acts on it).
 */
export function redeemEmailToken(
  db: Executor,
  token: string,
  purpose: AuthTokenPurpose,
  options: { consume: boolean },
): User {
  const tokenHash = hashToken(token);
  const row = db
    .select({ token: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)))
    .get();
  if (!row || row.token.expiresAt.getTime() <= Date.now() || row.token.email !== row.user.email) {
    throw refuse('BAD_REQUEST', invalidLinkMessage, { reason: 'invalidOrExpiredLink' });
  }
  if (options.consume) {
    const used = db
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.id, row.token.id), isNull(authTokens.usedAt)))
      .run();
    if (used.changes !== 1) throw refuse('BAD_REQUEST', invalidLinkMessage, { reason: 'invalidOrExpiredLink' });
  }
  return row.user;
}

/**
 * Ends every outstanding link of this kind for the account (after a reset, the others must not
 * work), or of every kind when no purpose is given (after an email change: a link mailed to the
 * old address must not work again should the account later change back to it).
 */
export function revokeEmailTokens(db: Executor, userId: number, purpose?: AuthTokenPurpose): void {
  db.update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.userId, userId),
        purpose === undefined ? undefined : eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
      ),
    )
    .run();
}
