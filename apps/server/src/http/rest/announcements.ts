import { type RestRoute, unvalidated, withId } from './route';

/** Announcements a person approves (API.md): the admin's drafts and decisions. */
export const announcementRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/announcements',
    handle: (r) => {
      const status = r.query.get('status');
      return r.caller.announcements.list(status === null ? undefined : unvalidated({ status }));
    },
  },
  {
    method: 'GET',
    path: '/api/announcements/:id/card.jpg',
    binary: { contentType: 'image/jpeg' },
    handle: (r) => r.caller.announcements.card({ id: r.params.id }),
  },
  {
    method: 'PATCH',
    path: '/api/announcements/:id',
    handle: (r) => r.caller.announcements.update(unvalidated(withId(r))),
  },
  {
    method: 'POST',
    path: '/api/announcements/:id/approve',
    handle: (r) => r.caller.announcements.approve({ id: r.params.id }),
  },
  {
    method: 'POST',
    path: '/api/announcements/:id/reject',
    handle: (r) => r.caller.announcements.reject(unvalidated(withId(r))),
  },
];
