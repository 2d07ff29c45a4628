import type { RestRoute } from './route';

/** The sender check: a test email to the default recipient (its procedure is notifications.testEmail). */
export const notificationRoutes: RestRoute[] = [
  { method: 'POST', path: '/api/email/test-post', handle: (r) => r.caller.notifications.testEmail() },
];
