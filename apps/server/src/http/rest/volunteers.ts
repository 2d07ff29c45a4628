import { type RestRequest, type RestRoute, unvalidated, withId } from './route';

/** A token from the query string, or from a JSON body `{ token }`. */
function token(r: RestRequest): unknown {
  const body = r.body;
  if (typeof body === 'object' && body !== null && 'token' in body) return body.token;
  return r.query.get('token') ?? undefined;
}

/** The JSON body with the token merged in (from the body itself, else the query string). */
function withToken(r: RestRequest): unknown {
  const body = r.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body) || body === null) return body;
  return { ...body, token: token(r) };
}

/**
 * Signups: made and changed by id, cancelled through the link in a reminder email, and "Manage my
 * signup", the page behind the link in a volunteer's emails, without an account.
 */
export const volunteerRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/volunteers',
    status: 201,
    // `slotIds` in place of `slotId`: a signup for several slots at once (API.md).
    handle: (r) =>
      typeof r.body === 'object' && r.body !== null && 'slotIds' in r.body
        ? r.caller.volunteers.createMany(unvalidated(r.body))
        : r.caller.volunteers.create(unvalidated(r.body)),
  },
  { method: 'PATCH', path: '/api/volunteers/:id', handle: (r) => r.caller.volunteers.update(unvalidated(withId(r))) },
  {
    method: 'DELETE',
    path: '/api/volunteers/:id',
    status: 204,
    handle: (r) => r.caller.volunteers.delete({ id: r.params.id }),
  },
  {
    method: 'GET',
    path: '/api/volunteers/:id/cancel',
    handle: (r) => r.caller.volunteers.cancelInfo(unvalidated({ id: r.params.id, token: token(r) })),
  },
  {
    method: 'POST',
    path: '/api/volunteers/:id/cancel',
    handle: (r) => r.caller.volunteers.cancelByLink(unvalidated({ id: r.params.id, token: token(r) })),
  },
  {
    method: 'GET',
    path: '/api/my-signup',
    handle: (r) => r.caller.volunteers.manageInfo(unvalidated({ token: token(r) })),
  },
  {
    method: 'DELETE',
    path: '/api/my-signup',
    status: 204,
    handle: (r) => r.caller.volunteers.cancelByToken(unvalidated({ token: token(r) })),
  },
  {
    method: 'PATCH',
    path: '/api/my-signup',
    handle: (r) => r.caller.volunteers.updateByToken(unvalidated(withToken(r))),
  },
  {
    method: 'POST',
    path: '/api/my-signup/move',
    handle: (r) => r.caller.volunteers.move(unvalidated(withToken(r))),
  },
];
