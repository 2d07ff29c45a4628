import { userRoleUpdateSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure } from '../trpc';
import { listPeople, setRole } from './service';

/** People: administrators list accounts and change their roles. */
export const usersRouter = {
  list: adminProcedure.query(({ ctx }) => listPeople(ctx.db)),

  /** The last administrator cannot be demoted (409). */
  setRole: adminProcedure.input(userRoleUpdateSchema).mutation(({ ctx, input }) => setRole(ctx.db, input)),
} satisfies TRPCRouterRecord;
