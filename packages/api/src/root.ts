import { authRouter } from './router/auth';
import { exportsRouter } from './router/exports';
import { settingsRouter } from './router/settings';
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
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
