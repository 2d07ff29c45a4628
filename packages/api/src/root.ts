import { authRouter } from './router/auth';
import { exportsRouter } from './router/exports';
import { monitoringRouter } from './router/monitoring';
import { monitorsRouter } from './router/monitors';
import { notificationsRouter } from './router/notifications';
import { remindersRouter } from './router/reminders';
import { settingsRouter } from './router/settings';
import { socialRouter } from './router/social';
import { statsRouter } from './router/stats';
import { sheetsRouter } from './router/sheets';
import { slotsRouter } from './router/slots';
import { volunteersRouter } from './router/volunteers';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  sheets: sheetsRouter,
  slots: slotsRouter,
  volunteers: volunteersRouter,
  settings: settingsRouter,
  stats: statsRouter,
  exports: exportsRouter,
  reminders: remindersRouter,
  notifications: notificationsRouter,
  monitors: monitorsRouter,
  monitoring: monitoringRouter,
  social: socialRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
