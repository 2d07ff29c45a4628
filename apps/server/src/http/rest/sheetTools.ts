import { type RestRoute, unvalidated, withId } from './route';

/** The coordinator's sheet tools beyond SPEC.md: duplicating a sheet onto another date. */
export const sheetToolRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/signup-sheets/:id/duplicate',
    status: 201,
    handle: (r) => r.caller.sheets.duplicate(unvalidated(withId(r))),
  },
];
