import { i18nFor } from '@pac/i18n/server';
import { defaultLanguage } from '@pac/validators';
import { initTRPC, type TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { type Context, logFor, type ServiceContext, type SessionUser } from './context';
import { accessMessages, isAdmin, isOrganizer } from './lib/access';
import { cannotSaveRefusal, errorDetails, Refusal, refuse, zodIssues } from './lib/errors';
import { type I18n, translated } from './lib/i18n';

/**
 * The sentence a caller sees for an error: the first validation message, or a safe fallback; in the
 * language of `i18n` when the catalogs know the sentence, else (and in English) as it was written.
 */
export function publicMessage(error: TRPCError, i18n: I18n = i18nFor(defaultLanguage)): string {
  if (error.cause instanceof ZodError)
    return translated(i18n, error.cause.issues[0]?.message ?? /*i18n*/ 'Invalid input');
  if (error.code === 'INTERNAL_SERVER_ERROR')
    return translated(i18n, /*i18n*/ 'Something went wrong. Please try again.');
  return translated(i18n, error instanceof Refusal ? error.sentence : error.message);
}

/** Who may call a procedure: its tier. */
export type ProcedureAccess = 'public' | 'user' | 'organizer' | 'admin';

/**
 * What is true of a procedure for the rest of the system, declared on it and read from here (the
 * public read cache, the fuzz suite), never kept in a second table. `access` is set by the tier the
 * procedure is built on; a procedure adds the rest with `.meta({ … })`, which merges.
 */
export interface ProcedureMeta {
  access?: ProcedureAccess;
  /**
   * Its answer to a signed-out caller depends only on the database and the input (not on the clock,
   * the caller's address or a cookie), so the public read cache may keep it until the database changes.
   */
  publicCache?: boolean;
  /**
   * For a signed-in caller of a `publicCache` procedure: the answer theirs is the same as, shared
   * with every caller of that class ('public': the signed-out answer; another name, e.g. 'manager':
   * the answer every caller of that class gets for this input), or null when theirs is their own.
   * Called with the caller from their session (never from what the request says) and the request's
   * raw input (validate it); it must only read. Absent, a signed-in caller's answer is always made.
   */
  sharedView?: (ctx: ServiceContext, viewer: SessionUser, input: unknown) => string | null;
}

/** `sharedView` of a procedure whose answer does not depend on who asks. */
export const sameForEveryone = (): string => 'public';

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error, ctx }) {
      // The answer's sentences in the caller's language (English when the context could not be made).
      const i18n = i18nFor(ctx?.language ?? defaultLanguage);
      const issues = error.cause instanceof ZodError ? zodIssues(error.cause, i18n) : undefined;
      return {
        ...shape,
        message: publicMessage(error, i18n),
        // The reason and field (lib/errors.ts) are what forms map an error on, never its message.
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          issues,
          ...errorDetails(error),
        },
      };
    },
  });

/**
 * What every procedure checks, in one middleware (each middleware is a step of tRPC's per-call
 * work, and every call passes this one):
 *
 * - The X-User-ID header is a hint the client sends; it never identifies anyone. A request whose
 *   header names someone other than its session's user is refused outright.
 * - A procedure whose write the disk refused (full or read-only), wherever in it that happened,
 *   answers 503 with the one sentence for it (lib/errors.ts, cannotSaveRefusal), not a 500; the
 *   failure underneath is logged here, once. Its transaction has rolled back: nothing of it stays.
 */
const guardEveryCall = t.middleware(async ({ ctx, next }) => {
  if (ctx.claimedUserId !== null && ctx.user !== null && ctx.claimedUserId !== String(ctx.user.id)) {
    throw refuse('FORBIDDEN', /*i18n*/ 'The X-User-ID header does not match your session', {
      reason: 'claimedUserMismatch',
    });
  }
  const result = await next();
  if (result.ok) return result;
  const refusal = cannotSaveRefusal(result.error);
  if (!refusal) return result;
  logFor(ctx).error({ err: refusal.cause }, 'A write failed: the database cannot be written');
  throw refusal;
});

const requireUser = t.middleware(({ ctx, next }) => {
  if (!ctx.user) throw refuse('UNAUTHORIZED', /*i18n*/ 'Please sign in to continue', { reason: 'signInRequired' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

const requireOrganizer = t.middleware(({ ctx, next }) => {
  if (!isOrganizer(ctx.user)) throw refuse('FORBIDDEN', accessMessages.organizerOnly, { reason: 'organizerOnly' });
  return next();
});

const requireAdmin = t.middleware(({ ctx, next }) => {
  if (!isAdmin(ctx.user)) throw refuse('FORBIDDEN', accessMessages.adminOnly, { reason: 'adminOnly' });
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// The procedure tiers: whether a caller may call a procedure at all is decided here and nowhere
// else. What a service decides per row (whose signup, account or sheet it is, what an admin may do
// beyond that) goes through lib/access.ts and lib/sheetAccess.ts, which these checks share.

/** Anyone; a signed-in caller whose X-User-ID disagrees with the session is refused. */
export const publicProcedure = t.procedure.use(guardEveryCall).meta({ access: 'public' });
/** A signed-in user: `ctx.user` is set (else UNAUTHORIZED 'Please sign in to continue'). */
export const userProcedure = publicProcedure.use(requireUser).meta({ access: 'user' });
/**
 * An organizer or an administrator (else FORBIDDEN 'Organizer access required'). Which sheets an
 * organizer may touch is the service's rule: lib/sheetAccess.ts.
 */
export const organizerProcedure = userProcedure.use(requireOrganizer).meta({ access: 'organizer' });
/** An administrator (else FORBIDDEN 'Administrator access required'). */
export const adminProcedure = userProcedure.use(requireAdmin).meta({ access: 'admin' });
