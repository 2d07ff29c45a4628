import { TRPCError } from '@trpc/server';
import { type RestRoute, unvalidated } from './route';

/** The JSON body with the path's userId merged in. */
function withUserId(body: unknown, userId: string | undefined): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body ?? { userId };
  return { ...body, userId };
}

export const authRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/auth/register',
    status: 201,
    handle: (r) => r.caller.auth.register(unvalidated(r.body)),
  },
  { method: 'POST', path: '/api/auth/login', handle: (r) => r.caller.auth.login(unvalidated(r.body)) },
  { method: 'POST', path: '/api/auth/logout', handle: (r) => r.caller.auth.logout() },
  { method: 'POST', path: '/api/auth/verify-email', handle: (r) => r.caller.auth.verifyEmail(unvalidated(r.body)) },
  {
    method: 'POST',
    path: '/api/auth/resend-verification',
    status: 202,
    handle: (r) => r.caller.auth.resendVerification(),
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    status: 202,
    handle: (r) => r.caller.auth.forgotPassword(unvalidated(r.body)),
  },
  { method: 'POST', path: '/api/auth/reset-password', handle: (r) => r.caller.auth.resetPassword(unvalidated(r.body)) },
  {
    method: 'GET',
    path: '/api/auth/me',
    handle: async (r) => {
      const user = await r.caller.auth.me();
      if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: /*i18n*/ 'Not signed in' });
      return user;
    },
  },
  {
    method: 'GET',
    path: '/api/auth/profile/:userId',
    handle: (r) => r.caller.auth.profile({ userId: r.params.userId }),
  },
  {
    method: 'PATCH',
    path: '/api/auth/account/:userId',
    handle: (r) => r.caller.auth.updateAccount(unvalidated(withUserId(r.body, r.params.userId))),
  },
  {
    method: 'PATCH',
    path: '/api/auth/change-password/:userId',
    handle: (r) => r.caller.auth.changePassword(unvalidated(withUserId(r.body, r.params.userId))),
  },
];
