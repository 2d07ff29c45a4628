import { deleteAccountSchema, eraseSignupSchema, privacyEmailSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure, publicProcedure, userProcedure, sameForEveryone } from '../trpc';
import {
  deleteMyAccount,
  erasePerson,
  eraseSignupByToken,
  exportMyData,
  privacyPolicyFacts,
  readPrivacyLog,
  searchPerson,
} from './service';

/** Privacy (API.md): a person's export and deletion, an admin's answer to a request, the log, the policy's facts. */
export const privacyRouter = {
  /** The signed-in person's own data (GET /api/auth/export). */
  exportMine: userProcedure.query(({ ctx }) => exportMyData(ctx)),

  /** Deletes the signed-in person's account, with its password asked again (DELETE /api/auth/account). */
  deleteAccount: userProcedure.input(deleteAccountSchema).mutation(async ({ ctx, input }) => {
    await deleteMyAccount(ctx, input);
    return { success: true as const };
  }),

  /** 'Delete my details' from a signup's manage link (POST /api/my-signup/erase). */
  eraseSignup: publicProcedure.input(eraseSignupSchema).mutation(({ ctx, input }) => {
    eraseSignupByToken(ctx, input);
    return { success: true as const };
  }),

  /** What is held about an email address (GET /api/privacy/search?email=). */
  search: adminProcedure.input(privacyEmailSchema).query(({ ctx, input }) => searchPerson(ctx, input)),

  /** Erases everything held about an email address (POST /api/privacy/erase). */
  erase: adminProcedure.input(privacyEmailSchema).mutation(({ ctx, input }) => erasePerson(ctx, input)),

  /** Who searched, erased or exported the volunteers CSV, and when (GET /api/privacy/log). */
  log: adminProcedure.query(({ ctx }) => readPrivacyLog(ctx)),

  /** What /privacy-policy says of this council: its name, its privacy contact, RETENTION_MONTHS. */
  policy: publicProcedure
    .meta({ publicCache: true, sharedView: sameForEveryone })
    .query(({ ctx }) => privacyPolicyFacts(ctx)),
} satisfies TRPCRouterRecord;
