import type { RestRoute } from './route';

const calendarText = { contentType: 'text/calendar; charset=utf-8' };

/** The iCalendar feeds (public, and each account's private one at its secret URL) and the feed URL. */
export const calendarRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/calendar/events.ics', text: calendarText, handle: (r) => r.caller.calendar.events() },
  {
    method: 'GET',
    path: '/api/calendar/feed/:token.ics',
    text: calendarText,
    handle: (r) => r.caller.calendar.feed({ token: r.params.token ?? '' }),
  },
  { method: 'GET', path: '/api/calendar/feed', handle: (r) => r.caller.calendar.myFeed() },
  { method: 'POST', path: '/api/calendar/feed/reset', handle: (r) => r.caller.calendar.resetFeed() },
];
