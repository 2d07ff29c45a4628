import { type RestRoute, unvalidated, withId } from './route';

/** The website watch's monitors and the changes they found. */
export const monitorRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/monitors', handle: (r) => r.caller.monitors.list() },
  { method: 'POST', path: '/api/monitors', status: 201, handle: (r) => r.caller.monitors.create(unvalidated(r.body)) },
  { method: 'POST', path: '/api/monitors/check-all', handle: (r) => r.caller.monitors.checkAll() },
  {
    method: 'POST',
    path: '/api/monitors/setup-:slug',
    handle: (r) => r.caller.monitors.setupSchool({ slug: r.params.slug ?? '' }),
  },
  { method: 'GET', path: '/api/monitors/:id', handle: (r) => r.caller.monitors.byId(unvalidated({ id: r.params.id })) },
  { method: 'PATCH', path: '/api/monitors/:id', handle: (r) => r.caller.monitors.update(unvalidated(withId(r))) },
  {
    method: 'DELETE',
    path: '/api/monitors/:id',
    status: 204,
    handle: (r) => r.caller.monitors.delete(unvalidated({ id: r.params.id })),
  },
  {
    method: 'POST',
    path: '/api/monitors/:id/check',
    handle: (r) => r.caller.monitors.check(unvalidated({ id: r.params.id })),
  },
  {
    method: 'GET',
    path: '/api/changes',
    handle: (r) => r.caller.monitors.changes(unvalidated({ limit: r.query.get('limit') ?? undefined })),
  },
];
