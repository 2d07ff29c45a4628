import { type RestRequest, type RestRoute, unvalidated } from './route';

/** The JSON body with the path's sheet id as `signupSheetId`, so the procedure sees one input object. */
function withSheetId(req: RestRequest): unknown {
  const body = req.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body) || body === null) return body;
  return { ...body, signupSheetId: req.params.id };
}

/**
 * Messages to a sheet's volunteers (API.md "An organizer's season"), for whoever runs the sheet:
 * send one (202: the copies go out after the answer), and the log of what was sent.
 */
export const messageRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/signup-sheets/:id/messages',
    status: 202,
    handle: (r) => r.caller.messages.send(unvalidated(withSheetId(r))),
  },
  {
    method: 'GET',
    path: '/api/signup-sheets/:id/messages',
    handle: (r) => r.caller.messages.list({ signupSheetId: r.params.id }),
  },
];
