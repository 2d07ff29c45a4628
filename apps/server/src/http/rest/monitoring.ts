import { type RestRoute, unvalidated } from './route';

/** The monitoring dashboard: health, activity, snapshots and the notification queue. */
export const monitoringRoutes: RestRoute[] = [
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
  {
    method: 'GET',
    path: '/api/monitoring/notifications',
    handle: (r) => r.caller.monitoring.notifications(unvalidated({ limit: r.query.get('limit') ?? undefined })),
  },
];
