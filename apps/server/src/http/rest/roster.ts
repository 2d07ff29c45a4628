import { type RestRoute, unvalidated, withId } from './route';

/** Event day (API.md "Coordinator toolkit"): a sheet's roster and the check-in, for whoever runs the sheet. */
export const rosterRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/signup-sheets/:id/roster',
    handle: (r) => r.caller.roster.get({ sheetId: r.params.id }),
  },
  {
    method: 'POST',
    path: '/api/volunteers/:id/check-in',
    handle: (r) => r.caller.roster.checkIn(unvalidated(withId(r))),
  },
];
