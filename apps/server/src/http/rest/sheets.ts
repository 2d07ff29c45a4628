import { type RestRoute, unvalidated, withId } from './route';

export const sheetRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/signup-sheets', handle: (r) => r.caller.sheets.list() },
  { method: 'GET', path: '/api/signup-sheets/:id', handle: (r) => r.caller.sheets.byId({ id: r.params.id }) },
  {
    method: 'POST',
    path: '/api/signup-sheets',
    status: 201,
    handle: (r) => r.caller.sheets.create(unvalidated(r.body)),
  },
  { method: 'PATCH', path: '/api/signup-sheets/:id', handle: (r) => r.caller.sheets.update(unvalidated(withId(r))) },
  {
    method: 'DELETE',
    path: '/api/signup-sheets/:id',
    status: 204,
    handle: (r) => r.caller.sheets.delete({ id: r.params.id }),
  },
];

export const slotRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/volunteer-slots',
    status: 201,
    handle: (r) => r.caller.slots.create(unvalidated(r.body)),
  },
  { method: 'PATCH', path: '/api/volunteer-slots/:id', handle: (r) => r.caller.slots.update(unvalidated(withId(r))) },
  {
    method: 'DELETE',
    path: '/api/volunteer-slots/:id',
    status: 204,
    handle: (r) => r.caller.slots.delete({ id: r.params.id }),
  },
];

export const volunteerRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/volunteers',
    status: 201,
    handle: (r) => r.caller.volunteers.create(unvalidated(r.body)),
  },
  { method: 'PATCH', path: '/api/volunteers/:id', handle: (r) => r.caller.volunteers.update(unvalidated(withId(r))) },
  {
    method: 'DELETE',
    path: '/api/volunteers/:id',
    status: 204,
    handle: (r) => r.caller.volunteers.delete({ id: r.params.id }),
  },
];
