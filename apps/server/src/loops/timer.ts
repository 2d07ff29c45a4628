import type { Logger } from '@pac/api';

/**
 * Runs `tick` every `seconds` (0 or less: never). A tick never overlaps the one before it, and a
 * failing tick is logged on `logger` (the loop's, naming it), never fatal. Returns `stop()`; a tick
 * under way finishes its current work.
 */
export function startLoop(name: string, seconds: number, logger: Logger, tick: () => Promise<unknown>): () => void {
  if (seconds <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tick()
      .catch((error: unknown) => logger.error({ err: error }, `${name} tick failed`))
      .finally(() => {
        running = false;
      });
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
