import { type RestRoute, unvalidated, withId } from './route';

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
  { method: 'GET', path: '/api/monitoring/health', handle: (r) => r.caller.monitoring.health() },
  {
    method: 'GET',
    path: '/api/monitoring/activity',
    handle: (r) => r.caller.monitoring.activity(unvalidated({ limit: r.query.get('limit') ?? undefined })),
  },
  {
    method: 'GET',
    path: '/api/monitoring/snapshots',
    handle: (r) => r.caller.monitoring.snapshots(unvalidated({ limit: r.query.get('limit') ?? undefined })),
  },
  {
    method: 'GET',
    path: '/api/monitoring/snapshots/:id',
    handle: (r) => r.caller.monitoring.snapshot(unvalidated({ id: r.params.id })),
  },
  { method: 'GET', path: '/api/social-media/status', handle: (r) => r.caller.social.status() },
  { method: 'POST', path: '/api/social-media/test', ignoreBody: true, handle: (r) => r.caller.social.test() },
  { method: 'POST', path: '/api/social-media/test-post', ignoreBody: true, handle: (r) => r.caller.social.testPost() },
  {
    method: 'POST',
    path: '/api/notifications/process-social-media',
    ignoreBody: true,
    handle: (r) => r.caller.social.processNotifications(),
  },
  {
    method: 'POST',
    path: '/api/demo/create-sample-notifications',
    ignoreBody: true,
    handle: (r) => r.caller.social.createDemoNotifications(),
  },
  {
    method: 'GET',
    path: '/api/monitoring/notifications',
    handle: (r) => r.caller.monitoring.notifications(unvalidated({ limit: r.query.get('limit') ?? undefined })),
  },
];
