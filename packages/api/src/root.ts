import { authRouter } from './router/auth';
import { sheetsRouter } from './router/sheets';
import { slotsRouter } from './router/slots';
import { volunteersRouter } from './router/volunteers';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  sheets: sheetsRouter,
  slots: slotsRouter,
  volunteers: volunteersRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
