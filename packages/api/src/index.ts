export { appRouter, createCaller, type AppRouter, type RouterInputs, type RouterOutputs } from './root';
export { procedureMeta } from './root';
export type { ProcedureAccess, ProcedureMeta } from './trpc';
export type { ApiConfig, MonitorConfig, SchoolMonitorDefinition, SocialConfig } from './config';
export {
  createContextInner,
  type Context,
  type ContextInner,
  type ServiceContext,
  type SessionCookieWriter,
  type SessionUser,
} from './context';
export { createRuntime, type Limits, type Runtime } from './runtime';
export type { Logger, LogFn, LogOrigin } from './log';
export { publicMessage } from './trpc';
export {
  cannotSaveRefusal,
  cannotSaveRetryAfterSeconds,
  errorDetails,
  zodIssues,
  type ValidationIssue,
} from './lib/errors';
export { type CatalogMessage, englishText, type ServerMessage, translated } from './lib/i18n';
export { ensureAdmin, findSessionUser, pruneSessions } from './auth/service';
export { checkDueMonitors } from './monitoring/service';
export { prepareMonitorChecks } from './monitors/service';
export { failInterruptedNotifications } from './notifications/service';
export { deliverDueNotifications } from './announcements/service';
export { sendDueReminders } from './reminders/service';
export { sendOrganizerDigests } from './organizerNotifications/service';
export { applyRetention, monthsBefore } from './privacy/service';
export { publicSettingKeys } from './settings/service';
export { maxUploadBytes } from './lib/uploads';
export { instantAt, isTimeZone, serverTimeZone, wallTime, type WallTime } from './lib/schoolTime';
export { sheetPreview, type SheetPreview } from './sheets/share';
