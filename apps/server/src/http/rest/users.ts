import { type RestRoute, unvalidated, withId } from './route';

/** People (administrators): the accounts and their roles. */
export const userRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/users', handle: (r) => r.caller.users.list() },
  { method: 'PATCH', path: '/api/users/:id', handle: (r) => r.caller.users.setRole(unvalidated(withId(r))) },
];
