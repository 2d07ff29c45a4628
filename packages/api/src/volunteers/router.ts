import {
  idSchema,
  mySignupMoveSchema,
  mySignupSchema,
  mySignupUpdateSchema,
  volunteerLinkSchema,
  volunteerMultiSignupSchema,
  volunteerSignupSchema,
  volunteerUpdateSchema,
} from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { publicProcedure, userProcedure } from '../trpc';
import {
  cancelByLink,
  cancelByToken,
  cancelInfo,
  deleteSignup,
  manageInfo,
  moveSignup,
  updateByToken,
  updateSignup,
} from './manage';
import { signUp, signUpMany } from './signup';

export const volunteersRouter = {
  /**
   * Anyone may sign up (`waitlist: true` joins a full slot's waitlist); whose signup it is, the
   * limits and the confirmation email are the service's.
   */
  create: publicProcedure.input(volunteerSignupSchema).mutation(({ ctx, input }) => signUp(ctx, input)),

  /** Several slots of one sheet in one form: all or nothing, one confirmation email. */
  createMany: publicProcedure.input(volunteerMultiSignupSchema).mutation(({ ctx, input }) => signUpMany(ctx, input)),

  /** What a cancel link from an older confirmation email is about, for the page that asks to confirm. */
  cancelInfo: publicProcedure.input(volunteerLinkSchema).query(({ ctx, input }) => cancelInfo(ctx, input)),

  /** Cancels a signup from the link in an older confirmation email, without an account. */
  cancelByLink: publicProcedure.input(volunteerLinkSchema).mutation(({ ctx, input }) => cancelByLink(ctx, input)),

  /** The signup behind a manage link (`/my-signup?token=…`) and the slots it could move to. */
  manageInfo: publicProcedure.input(mySignupSchema).query(({ ctx, input }) => manageInfo(ctx, input)),

  /** Cancels the signup behind a manage link, without an account. */
  cancelByToken: publicProcedure.input(mySignupSchema).mutation(({ ctx, input }) => cancelByToken(ctx, input)),

  /** Corrects the signup behind a manage link: name, phone, notes, answers, an item's quantity. */
  updateByToken: publicProcedure.input(mySignupUpdateSchema).mutation(({ ctx, input }) => updateByToken(ctx, input)),

  /** Moves the signup behind a manage link to another open slot of the same sheet. */
  move: publicProcedure.input(mySignupMoveSchema).mutation(({ ctx, input }) => moveSignup(ctx, input)),

  /** A signed-in volunteer changes their own signup; an admin anyone's. */
  update: userProcedure.input(volunteerUpdateSchema).mutation(({ ctx, input }) => updateSignup(ctx, input)),

  /** A signed-in volunteer cancels their own signup; an admin anyone's. */
  delete: userProcedure.input(z.object({ id: idSchema })).mutation(({ ctx, input }) => deleteSignup(ctx, input.id)),
} satisfies TRPCRouterRecord;
