import type { RestRoute } from './route';

export const statsRoutes: RestRoute[] = [{ method: 'GET', path: '/api/stats', handle: (r) => r.caller.stats.get() }];
