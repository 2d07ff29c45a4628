export { appRouter, createCaller, type AppRouter } from './root';
export {
  createContextInner,
  type ApiConfig,
  type Context,
  type ContextInner,
  type SessionCookieWriter,
  type SessionUser,
} from './context';
export { publicMessage, zodIssues, type ValidationIssue } from './trpc';
export { ensureAdmin, findSessionUser, pruneSessions } from './services/auth';
export { createGuards, type Guards } from './services/guards';
export { LoginThrottle } from './services/loginThrottle';
export { MonitorRunner } from './services/monitorRunner';
export { failInterruptedNotifications, processNotifications } from './services/notifications';
export { closeMailers, flushBackgroundMail } from './services/mail';
export { dueAutomaticReminders } from './services/reminders';
export { isTimeZone, serverTimeZone } from './services/schoolTime';
export { sendReminderOnce } from './services/volunteerMail';
export { channelDelivery } from './services/delivery';
