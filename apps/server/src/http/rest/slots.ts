import { type RestRoute, unvalidated, withId } from './route';

export const slotRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/volunteer-slots',
    status: 201,
    handle: (r) => r.caller.slots.create(unvalidated(r.body)),
  },
  {
    method: 'POST',
    path: '/api/volunteer-slots/batch',
    status: 201,
    handle: (r) => r.caller.slots.createMany(unvalidated(r.body)),
  },
  { method: 'PATCH', path: '/api/volunteer-slots/:id', handle: (r) => r.caller.slots.update(unvalidated(withId(r))) },
  {
    method: 'DELETE',
    path: '/api/volunteer-slots/:id',
    status: 204,
    handle: (r) => r.caller.slots.delete({ id: r.params.id }),
  },
];
