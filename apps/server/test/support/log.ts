import { createLogger, type Logger, type LogLevel } from '../../src/log';

/** One JSON line of the server's log, parsed. */
export interface LoggedLine {
  /** pino's number: 20 debug, 30 info, 40 warn, 50 error. */
  level: number;
  time: number;
  msg: string;
  [field: string]: unknown;
}

export interface LogCapture {
  /** The server's logger (the same JSON lines as in production), writing here instead of standard output. */
  logger: Logger;
  /** Every line written so far, parsed. */
  lines(): LoggedLine[];
}

/** A logger as main.ts makes one, whose lines the test reads. */
export function captureLog(level: LogLevel = 'info'): LogCapture {
  const written: string[] = [];
  const logger = createLogger(level, {
    write: (line: string) => {
      written.push(line);
    },
  });
  return { logger, lines: () => written.map((line) => JSON.parse(line) as LoggedLine) };
}
