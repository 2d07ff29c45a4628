import { type RestRoute, unvalidated, withId } from './route';

/**
 * Signup sheets, the coordinator's tool beyond SPEC.md (duplicating a sheet onto another date), and
 * a sheet's QR code for flyers (API.md "Sharing a sheet").
 */
export const sheetRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/signup-sheets', procedure: 'sheets.list', handle: (r) => r.caller.sheets.list() },
  {
    method: 'GET',
    path: '/api/signup-sheets/:id',
    procedure: 'sheets.byId',
    handle: (r) => r.caller.sheets.byId({ id: r.params.id }),
  },
  {
    method: 'GET',
    path: '/api/signup-sheets/:id/qr.svg',
    text: { contentType: 'image/svg+xml; charset=utf-8' },
    handle: (r) => r.caller.sheets.qrCode({ id: r.params.id }),
  },
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
  {
    method: 'POST',
    path: '/api/signup-sheets/:id/duplicate',
    status: 201,
    // `eventDates` in place of `eventDate`: a series of copies at once (API.md "An organizer's season").
    handle: (r) =>
      typeof r.body === 'object' && r.body !== null && 'eventDates' in r.body
        ? r.caller.sheets.duplicateSeries(unvalidated(withId(r)))
        : r.caller.sheets.duplicate(unvalidated(withId(r))),
  },
];
