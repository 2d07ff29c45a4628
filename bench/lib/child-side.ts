import { type FromChild, isToChild, type MemoryFigures, type ToChild } from './ipc';

/** The child's half of the protocol: memory on request, peak RSS sampling, an orderly stop. */
export interface ChildService {
  url: string;
  stop(): Promise<void>;
  /** Messages other than memory / peak-reset / stop. */
  handle?(message: ToChild, peakRss: () => number): Promise<FromChild | null>;
}

function send(message: FromChild): void {
  process.send?.(message);
}

/** Samples RSS every 50 ms so that short peaks between two requests are still seen. */
function startRssSampler(): { peak(): number; reset(): void } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  timer.unref();
  return {
    peak: () => Math.max(peak, process.memoryUsage.rss()),
    reset: () => {
      peak = process.memoryUsage.rss();
    },
  };
}

function memory(collect: boolean, peakRss: number): MemoryFigures {
  if (collect && globalThis.gc) {
    // Two passes: the first may only queue finalizers that free more on the second.
    globalThis.gc();
    globalThis.gc();
  }
  const usage = process.memoryUsage();
  return { rss: usage.rss, heapUsed: usage.heapUsed, heapTotal: usage.heapTotal, peakRss };
}

/**
 * Answers the runner for a service already running in this process: memory, peak RSS and stop.
 * The app's probe (probe.ts) calls it inside the real server process, before the server starts.
 */
export function answerRunner(service: Omit<ChildService, 'url'>): void {
  if (!process.send) throw new Error('A benchmark child must be started by bench/run.ts (it needs an IPC channel).');
  const sampler = startRssSampler();
  // The runner went away (Ctrl-C, a crash): do not outlive it.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (raw: unknown) => {
    if (!isToChild(raw)) return;
    const message = raw;
    void (async () => {
      try {
        switch (message.type) {
          case 'memory':
            send({ type: 'memory', ...memory(message.gc, sampler.peak()) });
            return;
          case 'peak-reset':
            // Answered, so that the runner starts its load only once the reset has happened.
            sampler.reset();
            send({ type: 'memory', ...memory(false, sampler.peak()) });
            return;
          case 'stop':
            await service.stop();
            process.disconnect();
            process.exit(0);
            return;
          case 'fetch': {
            const reply = service.handle ? await service.handle(message, () => sampler.peak()) : null;
            if (reply) send(reply);
            return;
          }
        }
      } catch (error) {
        send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      }
    })();
  });
}

/** Starts the service and answers the runner until it says stop. */
export function runChild(start: () => Promise<ChildService>): void {
  if (!process.send) throw new Error('A benchmark child must be started by bench/run.ts (it needs an IPC channel).');
  start()
    .then((service) => {
      answerRunner(service);
      send({ type: 'ready', url: service.url });
    })
    .catch((error: unknown) => {
      send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      process.exit(1);
    });
}
