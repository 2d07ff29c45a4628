import type { RestRoute } from './route';

/** The volunteer export, streamed as a CSV attachment. */
export const exportRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/export/volunteers', download: true, handle: (r) => r.caller.exports.volunteers() },
];
