import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../log';

// Each request's logger (the server's, bound to the request id), for errors raised while answering it.
const loggers = new WeakMap<IncomingMessage, Logger>();

/**
 * Gives the request an id (answered as X-Request-Id, and carried by every log line about it) and
 * logs one line when its answer is done: method, route without the query, status and milliseconds.
 */
export function logRequest(logger: Logger, req: IncomingMessage, res: ServerResponse, route: string): void {
  const reqId = randomBytes(6).toString('hex');
  const child = logger.child({ reqId });
  loggers.set(req, child);
  res.setHeader('X-Request-Id', reqId);
  const started = process.hrtime.bigint();
  res.once('close', () => {
    const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
    child.info({ method: req.method, route, status: res.statusCode, ms, ...(res.writableFinished ? {} : { aborted: true }) }, 'request');
  });
}

/** Logs a failure of this request's answer once, with its id (never sent to the client). */
export function logRequestError(req: IncomingMessage, message: string, error: unknown): void {
  (loggers.get(req) ?? fallback).error({ err: error }, message);
}

const fallback = { error: (obj: unknown, message: string) => console.error(message, obj) };
