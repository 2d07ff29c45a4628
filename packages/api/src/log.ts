/**
 * The part of a pino logger the API uses. The server builds one pino logger (apps/server/src/log.ts:
 * one JSON line per event) and hands it to the Runtime; this package depends only on this shape.
 */
export interface Logger {
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
  /** A logger whose every line also carries these fields. */
  child(bindings: Record<string, unknown>): Logger;
  isLevelEnabled(level: 'error' | 'warn' | 'info' | 'debug'): boolean;
}

/** pino's call shapes: fields (`err` for an error) and a message, or a message alone. */
export interface LogFn {
  (fields: object, message: string): void;
  (message: string): void;
}

/**
 * Who started a piece of work, for the lines logged about it: an HTTP request (its id), or a loop
 * (a child logger naming it). A procedure's context and a loop's services are both one.
 */
export interface LogOrigin {
  /** The id of the HTTP request the work is for, as answered in its X-Request-Id header. */
  reqId?: string;
  /** A loop's own logger (`loop: 'monitor'`), set once when the loop starts; requests leave it unset. */
  logger?: Logger;
}

/**
 * The logger for a line about work `origin` started: the loop's, or `base` with the request's id.
 * The child for a request is made here, when a line is written, never for every request.
 */
export function originLogger(base: Logger, origin: LogOrigin): Logger {
  const logger = origin.logger ?? base;
  return origin.reqId === undefined ? logger : logger.child({ reqId: origin.reqId });
}
