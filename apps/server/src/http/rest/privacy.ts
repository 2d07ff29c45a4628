import { type RestRequest, type RestRoute, unvalidated } from './route';

/** The manage link's token: from the JSON body, else the query string. */
function token(r: RestRequest): unknown {
  const body = r.body;
  if (typeof body === 'object' && body !== null && 'token' in body) return body.token;
  return r.query.get('token') ?? undefined;
}

/** A person's export, deleting an account or a signup's details, and an admin's answer to a request (API.md "Privacy"). */
export const privacyRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/auth/export',
    download: true,
    handle: async (r) => ({
      filename: 'pac-hub-my-data.json',
      contentType: 'application/json; charset=utf-8',
      lines: [`${JSON.stringify(await r.caller.privacy.exportMine(), null, 2)}\n`],
    }),
  },
  {
    method: 'DELETE',
    path: '/api/auth/account',
    status: 204,
    handle: (r) => r.caller.privacy.deleteAccount(unvalidated(r.body ?? {})),
  },
  {
    method: 'POST',
    path: '/api/my-signup/erase',
    status: 204,
    handle: (r) => r.caller.privacy.eraseSignup(unvalidated({ token: token(r) })),
  },
  {
    method: 'GET',
    path: '/api/privacy/search',
    handle: (r) => r.caller.privacy.search(unvalidated({ email: r.query.get('email') ?? undefined })),
  },
  {
    method: 'POST',
    path: '/api/privacy/erase',
    handle: (r) => r.caller.privacy.erase(unvalidated(r.body ?? {})),
  },
  { method: 'GET', path: '/api/privacy/log', handle: (r) => r.caller.privacy.log() },
];
