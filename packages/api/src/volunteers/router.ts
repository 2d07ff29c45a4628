import { idSchema, volunteerLinkSchema, volunteerSignupSchema, volunteerUpdateSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { publicProcedure, userProcedure } from '../trpc';
import { cancelByLink, cancelInfo, deleteSignup, signUp, updateSignup } from './service';

export const volunteersRouter = {
  /** Anyone may sign up; whose signup it is, the limits and the confirmation email are the service's. */
  create: publicProcedure.input(volunteerSignupSchema).mutation(({ ctx, input }) => signUp(ctx, input)),

  /** What a cancel link from the confirmation email is about, for the page that asks to confirm. */
  cancelInfo: publicProcedure.input(volunteerLinkSchema).query(({ ctx, input }) => cancelInfo(ctx, input)),

  /** Cancels a signup from the link in its confirmation email, without an account. */
  cancelByLink: publicProcedure.input(volunteerLinkSchema).mutation(({ ctx, input }) => cancelByLink(ctx, input)),

  /** A signed-in volunteer changes their own signup; an admin anyone's. */
  update: userProcedure.input(volunteerUpdateSchema).mutation(({ ctx, input }) => updateSignup(ctx, input)),

  /** A signed-in volunteer cancels their own signup; an admin anyone's. */
  delete: userProcedure.input(z.object({ id: idSchema })).mutation(({ ctx, input }) => deleteSignup(ctx, input.id)),
} satisfies TRPCRouterRecord;
