import { type RestRequest, type RestRoute, unvalidated } from './route';

/** A token from the query string, or from a JSON body `{ token }`. */
function token(r: RestRequest): unknown {
  const body = r.body;
  if (typeof body === 'object' && body !== null && 'token' in body) return body.token;
  return r.query.get('token') ?? undefined;
}

export const reminderRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/reminders/pending',
    handle: (r) => r.caller.reminders.pending(unvalidated({ days: r.query.get('days') ?? undefined })),
  },
  { method: 'POST', path: '/api/reminders/send', handle: (r) => r.caller.reminders.send(unvalidated(r.body)) },
  {
    method: 'POST',
    path: '/api/reminders/unsubscribe/:id',
    ignoreBody: true,
    handle: (r) =>
      r.caller.reminders.unsubscribe(unvalidated({ id: r.params.id, token: r.query.get('token') ?? undefined })),
  },
  { method: 'POST', path: '/api/email/test-post', handle: (r) => r.caller.notifications.testEmail() },
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
];
