import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/**
 * After an answer given before the request body arrived whole, the server keeps reading (and
 * discarding) what the client still sends, for at most this long and this much, before it closes
 * the socket. Closing a socket with unread bytes makes the kernel send a reset, and a client that
 * is still sending then often loses the answer (a 413, a 401) and sees only ECONNRESET.
 */
const lingerMs = 5_000;
const lingerBytes = 16 * 1024 * 1024;

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length.trim() !== '0');
}

/** Whether the request still has body bytes on the wire (a bodiless request is complete). */
export function bodyUnread(req: IncomingMessage): boolean {
  return !req.complete && hasBody(req);
}

/** Calls `beforeHeaders` once, just before the response's headers are written (explicitly or not). */
function onBeforeHeaders(res: ServerResponse, beforeHeaders: () => void): void {
  // Node writes implicit headers through res.writeHead too, so this sees every response.
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  let called = false;
  res.writeHead = (...args: unknown[]) => {
    if (!called) {
      called = true;
      beforeHeaders();
    }
    return writeHead(...args);
  };
}

/**
 * Node ends a `Connection: close` response by closing the socket at once (destroySoon). Here the
 * socket is half-closed instead and the rest of the request body is drained, within the budget
 * above, so that the client reads the answer rather than a reset.
 */
function lingerAfterAnswer(req: IncomingMessage, socket: Socket): void {
  let received = 0;
  let lingering = false;
  let timer: NodeJS.Timeout | undefined;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (lingering && received > lingerBytes) close();
  });
  req.once('end', () => {
    if (lingering) close();
  });
  socket.once('close', () => clearTimeout(timer));
  socket.destroySoon = () => {
    lingering = true;
    if (req.complete) {
      Socket.prototype.destroySoon.call(socket);
      return;
    }
    socket.end();
    timer = setTimeout(close, lingerMs);
  };
}

/**
 * Makes every answer close its connection when it is written before the request body was read
 * whole (a 413 while the client still sends, an early 401/403/404 on a body), or once `closing()`
 * says the server is shutting down. A keep-alive client then sends its next request on a new
 * connection instead of after bytes the server never read.
 */
export function closeConnectionWhenDone(req: IncomingMessage, res: ServerResponse, closing: () => boolean): void {
  onBeforeHeaders(res, () => {
    const unread = bodyUnread(req);
    if (!unread && !closing()) return;
    res.setHeader('Connection', 'close');
    if (unread) lingerAfterAnswer(req, req.socket);
  });
}
