import { createHash, randomBytes } from 'node:crypto';
import { type AuthTokenPurpose, type Db, type Executor, sessions, unlessCannotWrite, type User, users } from '@pac/db';
import { i18nFor } from '@pac/i18n/server';
import { emailVerification, passwordReset } from '@pac/notify';
import type { loginSchema, registerSchema } from '@pac/validators';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Context, logFor, type ServiceContext, type SessionUser, type UserContext } from '../context';
import { languageOf } from '../email/language';
import { currentSender, sendMail } from '../email/service';
import { recordConsent } from '../lib/consent';
import { isAdmin } from '../lib/access';
import { emailTaken, findUserByEmail, toSessionUser, userMessages } from '../lib/accounts';
import { emailTokenUrl, issueEmailToken, redeemEmailToken, revokeEmailTokens } from '../lib/emailTokens';
import { type Refusal, refuse } from '../lib/errors';
import { answerText } from '../lib/i18n';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { claimSignupsByEmail } from '../volunteers/manage';

export const accountMessages = {
  userNotFound: userMessages.userNotFound,
  emailTaken: /*i18n*/ 'An account with this email already exists',
  wrongPassword: /*i18n*/ 'Current password is incorrect',
  notYours: /*i18n*/ 'You can only view or change your own account',
  adminOnlyAdmins: /*i18n*/ 'Only an administrator can create an administrator account',
  invalidLogin: /*i18n*/ 'Invalid email or password',
} as const;

// ---------------------------------------------------------------------------------------------
// Sessions

const dayMs = 24 * 60 * 60 * 1000;
const dayS = 24 * 60 * 60;
// lastSeenAt is refreshed at most this often, so that reads do not write on every request: a
// session idle for days ends within ten minutes of its time. Each refresh is a write, which makes
// every answer the read cache keeps stale (apps/server publicCache.ts): once a minute for each of a
// hundred signed-in parents would be more often than their signups.
const touchEveryMs = 10 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session and returns the token for the cookie; only its hash is stored. */
export function createSession(db: Db, userId: number): string {
  const token = randomBytes(32).toString('base64url');
  db.insert(sessions)
    .values({ tokenHash: hashToken(token), userId, lastSeenAt: new Date() })
    .run();
  return token;
}

function prepareSessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare();
}
/** The session lookup of every signed-in request, compiled once per database. */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/** The user behind a cookie token, or null when unknown or idle longer than `idleDays`. */
export function findSessionUser(
  db: Db,
  token: string,
  idleDays: number,
): { user: SessionUser; sessionId: number } | null {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const row = lookup.get({ tokenHash: hashToken(token) });
  if (!row) return null;
  const now = Date.now();
  // These two writes are housekeeping: a disk that refuses them (full, read-only) must not refuse
  // the request that only reads. The refusal still marks the database for /api/health.
  if (now - row.session.lastSeenAt.getTime() > idleDays * dayMs) {
    unlessCannotWrite(() => db.delete(sessions).where(eq(sessions.id, row.session.id)).run());
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() > touchEveryMs) {
    unlessCannotWrite(() =>
      db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, row.session.id))
        .run(),
    );
  }
  return { user: toSessionUser(row.user), sessionId: row.session.id };
}

export function endSession(db: Db, sessionId: number): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** Ends every session of the account except `keepSessionId` (when given). */
export function endSessionsOf(db: Executor, userId: number, keepSessionId: number | null = null): void {
  db.delete(sessions)
    .where(
      keepSessionId === null
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
    )
    .run();
}

/** Removes sessions idle longer than `idleDays`. */
export function pruneSessions(db: Db, idleDays: number): void {
  db.delete(sessions)
    .where(and(lt(sessions.lastSeenAt, new Date(Date.now() - idleDays * dayMs))))
    .run();
}

/** Signs the caller in as this user: the session they had ends, a new one starts in the cookie. */
function startSession(ctx: Context, userId: number): void {
  if (ctx.sessionId !== null) endSession(ctx.db, ctx.sessionId);
  const token = createSession(ctx.db, userId);
  ctx.cookies.set(token, ctx.config.sessionIdleDays * dayS);
}

// ---------------------------------------------------------------------------------------------
// Account links: email verification and password reset

const linkTemplates = { verifyEmail: emailVerification, resetPassword: passwordReset } as const;
const linkLabels = { verifyEmail: 'Verification email', resetPassword: 'Password reset email' } as const;

export type AccountLinkOutcome = 'sent' | 'notConfigured' | 'limited';

/**
 * Emails the account a single-use link (verification or password reset) to its current address,
 * after the answer has gone out, in the account's language (else the request's). Sends nothing when
 * mail is not configured or the account already had its hourly number of these links.
 */
export function sendAccountLink(
  ctx: ServiceContext & Pick<Context, 'language'>,
  user: Pick<User, 'id' | 'email' | 'name' | 'language'>,
  purpose: AuthTokenPurpose,
): AccountLinkOutcome {
  const { db, config } = ctx;
  if (!currentSender(ctx)) {
    logFor(ctx).warn({ userId: user.id }, `${linkLabels[purpose]} not sent: email is not configured`);
    return 'notConfigured';
  }
  const token = issueEmailToken(db, user, purpose);
  if (token === null) return 'limited';
  const content = linkTemplates[purpose]({
    i18n: i18nFor(languageOf(user.language, ctx.language)),
    schoolName: config.schoolName,
    name: user.name,
    url: emailTokenUrl(config.publicBaseUrl, purpose, token),
  });
  // A link the person asked for: it goes even past the day's budget (it still counts).
  ctx.runtime.mail.inBackground(
    linkLabels[purpose],
    async () => {
      await sendMail(ctx, { to: user.email, ...content }, { kind: 'requested' });
    },
    ctx,
    { userId: user.id },
  );
  return 'sent';
}

/**
 * Signups made without an account under this email join the account's history, but only once the
 * account has proved it owns the address (a followed verification or reset link): registering or
 * changing to someone else's address claims nothing.
 */
export function linkSignupsByEmail(db: Executor, user: { id: number; email: string; emailVerified: boolean }): void {
  if (!user.emailVerified) return;
  claimSignupsByEmail(db, user.id, user.email);
}

// ---------------------------------------------------------------------------------------------
// Register, log in, log out

/**
 * Creates an unverified account, signs it in and emails a verification link. Signups made
 * earlier without an account join it only once the address is verified. An admin may create an
 * administrator account, and stays signed in as themself.
 */
export async function register(ctx: Context, input: z.output<typeof registerSchema>): Promise<SessionUser> {
  const byAdmin = isAdmin(ctx.user);
  if (input.isAdmin && !byAdmin)
    throw refuse('FORBIDDEN', accountMessages.adminOnlyAdmins, { reason: 'adminOnlyAdmins', field: 'isAdmin' });
  if (emailTaken(ctx.db, input.email))
    throw refuse('CONFLICT', accountMessages.emailTaken, { reason: 'emailTaken', field: 'email' });
  const passwordHash = await ctx.runtime.limits.passwords.hash(input.password);
  const created = ctx.db
    .insert(users)
    .values({
      email: input.email,
      name: input.name,
      phone: input.phone ?? null,
      passwordHash,
      role: input.isAdmin ? 'admin' : 'member',
      emailConsent: input.emailConsent,
      lastLoginAt: byAdmin ? null : ctx.runtime.now(),
    })
    .onConflictDoNothing()
    .returning()
    .get();
  // A concurrent registration may have taken the address between the check and the insert.
  if (!created) throw refuse('CONFLICT', accountMessages.emailTaken, { reason: 'emailTaken', field: 'email' });
  if (created.emailConsent)
    recordConsent(ctx.db, {
      email: created.email,
      userId: created.id,
      consent: true,
      source: byAdmin ? 'admin' : 'account',
      at: ctx.runtime.now(),
    });
  sendAccountLink(ctx, created, 'verifyEmail');
  if (!byAdmin) startSession(ctx, created.id);
  return toSessionUser(created);
}

// Answers slow down after a couple of failures, so that guessing is slow well before the 429.
const slowdownStepMs = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tooManyLogins(retryAfterSeconds: number): Refusal {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return refuse(
    'TOO_MANY_REQUESTS',
    {
      id: /*i18n*/ 'Too many failed login attempts. Please try again in {minutes, plural, one {{minutes} minute} other {{minutes} minutes}}.',
      values: { minutes },
    },
    { reason: 'tooManyLogins' },
  );
}

/**
 * The attempt is counted before its password is checked, so that no burst or batch gets more
 * than LOGIN_MAX_FAILURES guesses checked; argon2 runs through the shared bounded queue.
 */
export async function login(ctx: Context, input: z.output<typeof loginSchema>): Promise<SessionUser> {
  const { db, runtime } = ctx;
  const attempt = runtime.limits.loginThrottle.begin(input.email, ctx.clientAddress);
  if (!attempt.allowed) throw tooManyLogins(attempt.retryAfterSeconds);
  let ok: boolean;
  const user = findUserByEmail(db, input.email);
  try {
    if (attempt.failures >= 2) await sleep(Math.min(attempt.failures - 1, 8) * slowdownStepMs);
    ok = await runtime.limits.passwords.verify(user?.passwordHash ?? null, input.password);
  } catch (error) {
    attempt.abandoned();
    throw error;
  }
  if (!user || !ok) throw refuse('UNAUTHORIZED', accountMessages.invalidLogin, { reason: 'invalidLogin' });
  attempt.succeeded();
  linkSignupsByEmail(db, user);
  const updated = db.update(users).set({ lastLoginAt: runtime.now() }).where(eq(users.id, user.id)).returning().get();
  startSession(ctx, user.id);
  return toSessionUser(updated ?? user);
}

export function logout(ctx: Context): { success: true } {
  if (ctx.sessionId !== null) endSession(ctx.db, ctx.sessionId);
  ctx.cookies.clear();
  return { success: true as const };
}

// ---------------------------------------------------------------------------------------------
// Email ownership and passwords

/** Follows a verification link: the account now owns its address, and its anonymous signups join it. */
export function verifyEmail(db: Db, token: string): SessionUser {
  return db.transaction((tx) => {
    const user = redeemEmailToken(tx, token, 'verifyEmail', { consume: true });
    const updated = tx.update(users).set({ emailVerified: true }).where(eq(users.id, user.id)).returning().get();
    if (!updated) throw refuse('NOT_FOUND', accountMessages.userNotFound, { reason: 'userNotFound' });
    linkSignupsByEmail(tx, updated);
    return toSessionUser(updated);
  });
}

/** Sends the signed-in account a new verification link. */
export function resendVerification(ctx: UserContext): { message: string } {
  if (ctx.user.emailVerified) return { message: answerText(ctx, /*i18n*/ 'Your email address is already verified') };
  const outcome = sendAccountLink(ctx, ctx.user, 'verifyEmail');
  if (outcome === 'limited') {
    throw refuse('TOO_MANY_REQUESTS', /*i18n*/ 'Too many emails sent to this address. Please try again later.', {
      reason: 'tooManyEmails',
    });
  }
  if (outcome === 'notConfigured') {
    throw refuse('PRECONDITION_FAILED', /*i18n*/ 'Email is not set up on this site yet. Please ask an administrator.', {
      reason: 'mailNotConfigured',
    });
  }
  return {
    message: answerText(ctx, { id: /*i18n*/ 'We sent a new link to {email}', values: { email: ctx.user.email } }),
  };
}

export const forgotPasswordMessage =
  /*i18n*/ 'If an account exists for that email, we have sent it a link to reset the password. Please check your inbox.';

/**
 * 'Forgot password?': emails a reset link when the account exists. The answer is the same either
 * way, and comes as quickly, so it tells nobody who has an account.
 */
export function requestPasswordReset(ctx: Context, email: string): { message: string } {
  // Everything that differs between a known and an unknown address (the token's write, the mail)
  // happens after the answer has gone out.
  ctx.runtime.mail.inBackground(
    'Password reset email',
    async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const user = findUserByEmail(ctx.db, email);
      if (user) sendAccountLink(ctx, user, 'resetPassword');
    },
    ctx,
  );
  return { message: answerText(ctx, forgotPasswordMessage) };
}

/**
 * Follows a reset link: stores the new password, ends every session of the account (whoever else
 * was signed in to it is signed out), ends its other reset links, retires its private calendar
 * feed URL (whoever took over the account may have copied it: the feed is signed together with
 * users.calendarFeedVersion, calendar/service.ts), and marks its email verified, since the link
 * proved that its owner reads that mailbox.
 */
export async function resetPassword(ctx: Context, input: { token: string; newPassword: string }) {
  const { db } = ctx;
  // Checked before the (slow) hash so that a bad link costs no argon2 work; consumed after it.
  redeemEmailToken(db, input.token, 'resetPassword', { consume: false });
  const passwordHash = await ctx.runtime.limits.passwords.hash(input.newPassword);
  db.transaction((tx) => {
    const user = redeemEmailToken(tx, input.token, 'resetPassword', { consume: true });
    const updated = tx
      .update(users)
      .set({ passwordHash, emailVerified: true, calendarFeedVersion: sql`${users.calendarFeedVersion} + 1` })
      .where(eq(users.id, user.id))
      .returning()
      .get();
    if (!updated) throw refuse('NOT_FOUND', accountMessages.userNotFound, { reason: 'userNotFound' });
    endSessionsOf(tx, user.id);
    revokeEmailTokens(tx, user.id, 'resetPassword');
    linkSignupsByEmail(tx, updated);
  });
  return {
    success: true as const,
    message: answerText(ctx, /*i18n*/ 'Your password has been reset. You can now log in with it.'),
  };
}

// ---------------------------------------------------------------------------------------------
// The bootstrap administrator

/**
 * Makes sure an administrator account with this email exists and has this password. Used by
 * the ADMIN_EMAIL/ADMIN_PASSWORD bootstrap and `pnpm admin:create`; the operator who runs them
 * vouches for the address, so the account is verified.
 */
export async function ensureAdmin(
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<{ user: SessionUser; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const existing = findUserByEmail(db, email);
  if (existing) {
    const passwordOk = await verifyPassword(existing.passwordHash, input.password);
    const passwordHash = passwordOk ? existing.passwordHash : await hashPassword(input.password);
    const updated = db
      .update(users)
      .set({ role: 'admin', passwordHash, emailVerified: true })
      .where(eq(users.id, existing.id))
      .returning()
      .get();
    return { user: toSessionUser(updated ?? existing), created: false };
  }
  const created = db
    .insert(users)
    .values({
      email,
      name: input.name ?? 'Administrator',
      passwordHash: await hashPassword(input.password),
      role: 'admin',
      emailVerified: true,
    })
    .returning()
    .get();
  return { user: toSessionUser(created), created: true };
}
