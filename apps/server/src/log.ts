import { type DestinationStream, pino, type Logger } from 'pino';

export type { Logger };
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/**
 * The server's logger: one JSON line per event on standard output (journald keeps it), or on
 * `destination` (tests read the lines). main.ts builds one; the request log, the Runtime (services,
 * background mail) and the loops all write through it.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return destination ? pino({ level, base: undefined }, destination) : pino({ level, base: undefined });
}
