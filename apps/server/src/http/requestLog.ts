import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../log';

// Each request's logger and id, for errors raised while answering it.
const requests = new WeakMap<IncomingMessage, { logger: Logger; reqId: string }>();

/**
 * Request ids and the one log line per request: method, route without the query, status and
 * milliseconds. Ids are a random per-server prefix and a counter (12 hex digits), answered as
 * X-Request-Id and carried by every log line about the request. Cheap on the hot path: no child
 * logger per request, and no timing or listener when info lines are off.
 */
export function createRequestLog(logger: Logger): (req: IncomingMessage, res: ServerResponse, route: string) => void {
  const prefix = randomBytes(3).toString('hex');
  let counter = 0;
  return (req, res, route) => {
    counter = (counter + 1) % 0x1000000;
    const reqId = `${prefix}${counter.toString(16).padStart(6, '0')}`;
    requests.set(req, { logger, reqId });
    res.setHeader('X-Request-Id', reqId);
    if (!logger.isLevelEnabled('info')) return;
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      const aborted = res.writableFinished ? {} : { aborted: true };
      logger.info({ reqId, method: req.method, route, status: res.statusCode, ms, ...aborted }, 'request');
    });
  };
}

/**
 * This request's id, for the procedures' context: the lines logged about the work it starts
 * (a background email included) carry it.
 */
export function requestId(req: IncomingMessage): string | undefined {
  return requests.get(req)?.reqId;
}

/** Logs a failure of this request's answer once, with its id (never sent to the client). */
export function logRequestError(req: IncomingMessage, message: string, error: unknown): void {
  const request = requests.get(req);
  if (request) request.logger.error({ reqId: request.reqId, err: error }, message);
  // Only a request the app's listener never saw has no logger here (the request log is the
  // listener's first step); its failure still reaches standard error rather than being lost.
  else process.stderr.write(`${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
}
