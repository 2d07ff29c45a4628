import { pino, type Logger } from 'pino';

export type { Logger };
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** The server's logger: one JSON line per event on standard output (journald keeps it). */
export function createLogger(level: LogLevel): Logger {
  return pino({ level, base: undefined });
}
