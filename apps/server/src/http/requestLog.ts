import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../log';

// Each request's logger and id, for errors raised while answering it.
const requests = new WeakMap<IncomingMessage, { logger: Logger; reqId: string }>();

/** How the private calendar feed's path is logged (API.md: secrets in a path never reach a log). */
const feedRoutePattern = '/api/calendar/feed/:token.ics';

// A path into the private feeds' folder other than its reset: the segment after it is the secret
// (`<userId>.<signature>.ics`). Looked for anywhere in the path, in any case, so that a spelling
// the router also reads as the feed (see loggedRoute) or a mistyped one still keeps it out.
const feedSecret = /\/calendar\/+feed\/+(?!reset\/*$)[^/]/i;

/** The path as the router reads it: backslashes as slashes, dot segments resolved, percent-decoded. */
function routerView(path: string): string {
  let pathname: string;
  try {
    pathname = new URL(path, 'http://localhost').pathname;
  } catch {
    pathname = path.replace(/\\/g, '/');
  }
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The route a request is logged under: its path without the query (where every emailed link carries
 * its token: `/verify-email?token=…`, `/my-signup?token=…`, `/api/reminders/unsubscribe/12?token=…`),
 * and a private calendar feed's path as its pattern, `/api/calendar/feed/:token.ics`. The one place
 * a request's URL becomes log text: nothing else logs it.
 */
export function loggedRoute(url: string): string {
  const path = url.slice(0, url.search(/[?#]|$/)) || '/';
  // Only a path that names a feed, or might in percent-encoding, is read the router's way.
  if (/feed|%/i.test(path) && (feedSecret.test(path) || feedSecret.test(routerView(path)))) return feedRoutePattern;
  return path;
}

/**
 * Request ids and the one log line per request: method, route (loggedRoute: no secret of a link),
 * status and milliseconds. Ids are a random per-server prefix and a counter (12 hex digits),
 * answered as X-Request-Id and carried by every log line about the request. Cheap on the hot path:
 * no child logger per request, and no timing, listener or route when info lines are off.
 */
export function createRequestLog(logger: Logger): (req: IncomingMessage, res: ServerResponse) => void {
  const prefix = randomBytes(3).toString('hex');
  let counter = 0;
  return (req, res) => {
    counter = (counter + 1) % 0x1000000;
    const reqId = `${prefix}${counter.toString(16).padStart(6, '0')}`;
    requests.set(req, { logger, reqId });
    res.setHeader('X-Request-Id', reqId);
    if (!logger.isLevelEnabled('info')) return;
    const started = process.hrtime.bigint();
    // As it arrived: the app rewrites req.url for the files it serves from the upload folder.
    const url = req.url ?? '/';
    res.once('close', () => {
      const route = loggedRoute(url);
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
