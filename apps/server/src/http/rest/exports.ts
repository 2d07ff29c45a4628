import { type RestRoute, unvalidated } from './route';

/** The volunteer export, streamed as a CSV attachment; `?signupSheetId=` narrows it to one sheet. */
export const exportRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/export/volunteers',
    download: true,
    handle: (r) => {
      const signupSheetId = r.query.get('signupSheetId');
      return r.caller.exports.volunteers(signupSheetId === null ? undefined : unvalidated({ signupSheetId }));
    },
  },
];
