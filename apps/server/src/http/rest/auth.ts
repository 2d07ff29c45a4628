import { TRPCError } from '@trpc/server';
import { type RestRoute, unvalidated } from './route';

export const authRoutes: RestRoute[] = [
  { method: 'POST', path: '/api/auth/register', status: 201, handle: (r) => r.caller.auth.register(unvalidated(r.body)) },
  { method: 'POST', path: '/api/auth/login', handle: (r) => r.caller.auth.login(unvalidated(r.body)) },
  { method: 'POST', path: '/api/auth/logout', handle: (r) => r.caller.auth.logout() },
  {
    method: 'GET',
    path: '/api/auth/me',
    handle: async (r) => {
      const user = await r.caller.auth.me();
      if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not signed in' });
      return user;
    },
  },
];
