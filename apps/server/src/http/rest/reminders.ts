import { type RestRoute, unvalidated } from './route';

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
  {
    method: 'GET',
    path: '/api/reminders/unsubscribe/:id',
    handle: (r) =>
      r.caller.reminders.emailStatus(unvalidated({ id: r.params.id, token: r.query.get('token') ?? undefined })),
  },
  {
    method: 'POST',
    path: '/api/reminders/resubscribe/:id',
    ignoreBody: true,
    handle: (r) =>
      r.caller.reminders.resubscribe(unvalidated({ id: r.params.id, token: r.query.get('token') ?? undefined })),
  },
];
