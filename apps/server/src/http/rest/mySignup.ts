import { type RestRequest, type RestRoute, unvalidated } from './route';

/** The manage link's token: from the query string (`/api/my-signup?token=…`) or a JSON body. */
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

/** "Manage my signup": the page behind the link in a volunteer's emails, without an account. */
export const mySignupRoutes: RestRoute[] = [
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
    method: 'POST',
    path: '/api/my-signup/move',
    handle: (r) => r.caller.volunteers.move(unvalidated(withToken(r))),
  },
];
