import type { RestRoute } from './route';

/** The social channels (Facebook, Instagram): their status, test posts and the queue's sending. */
export const socialRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/social-media/status', handle: (r) => r.caller.social.status() },
  { method: 'POST', path: '/api/social-media/test', ignoreBody: true, handle: (r) => r.caller.social.test() },
  { method: 'POST', path: '/api/social-media/test-post', ignoreBody: true, handle: (r) => r.caller.social.testPost() },
  {
    method: 'POST',
    path: '/api/notifications/process-social-media',
    ignoreBody: true,
    handle: (r) => r.caller.social.processNotifications(),
  },
  {
    method: 'POST',
    path: '/api/demo/create-sample-notifications',
    ignoreBody: true,
    handle: (r) => r.caller.social.createDemoNotifications(),
  },
];
