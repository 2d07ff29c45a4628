import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { authRouter } from './auth/router';
import { calendarRouter } from './calendar/router';
import { exportsRouter } from './exports/router';
import { heroRouter } from './hero/router';
import { messagesRouter } from './messages/router';
import { announcementsRouter } from './announcements/router';
import { monitoringRouter } from './monitoring/router';
import { monitorsRouter } from './monitors/router';
import { notificationsRouter } from './notifications/router';
import { privacyRouter } from './privacy/router';
import { remindersRouter } from './reminders/router';
import { rosterRouter } from './roster/router';
import { settingsRouter } from './settings/router';
import { sheetsRouter } from './sheets/router';
import { slotsRouter } from './slots/router';
import { socialRouter } from './social/router';
import { statsRouter } from './stats/router';
import { accountRouter, usersRouter } from './users/router';
import { volunteersRouter } from './volunteers/router';
import { createCallerFactory, type ProcedureMeta, router } from './trpc';

export const appRouter = router({
  // The account page's procedures live in users/ (above auth, whose links and sessions they use) but
  // keep their auth.* paths (auth.profile, auth.updateAccount, auth.changePassword), which the web
  // app and the REST routes call.
  auth: { ...authRouter, ...accountRouter },
  sheets: sheetsRouter,
  slots: slotsRouter,
  volunteers: volunteersRouter,
  // The hero has its own folder but keeps its settings.* paths (settings.heroContent, …), which the
  // web app and the REST routes call.
  settings: { ...settingsRouter, ...heroRouter },
  stats: statsRouter,
  exports: exportsRouter,
  privacy: privacyRouter,
  reminders: remindersRouter,
  notifications: notificationsRouter,
  monitors: monitorsRouter,
  monitoring: monitoringRouter,
  social: socialRouter,
  users: usersRouter,
  roster: rosterRouter,
  calendar: calendarRouter,
  messages: messagesRouter,
  announcements: announcementsRouter,
});

export type AppRouter = typeof appRouter;

/** Every procedure's input and output types, for clients (the web app imports these, never derives its own). */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const createCaller = createCallerFactory(appRouter);

/**
 * What a procedure declares about itself (trpc.ts `ProcedureMeta`: its tier's access, whether the
 * public read cache may keep its answer), by path; null for a path that names no procedure.
 */
export function procedureMeta(path: string): ProcedureMeta | null {
  if (!Object.hasOwn(appRouter._def.procedures, path)) return null;
  const procedure = (appRouter._def.procedures as unknown as Record<string, { _def?: { meta?: ProcedureMeta } }>)[path];
  return procedure?._def?.meta ?? {};
}
