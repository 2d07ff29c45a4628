import { type Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders, request } from 'node:http';
import type { Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The connection the request went over. */
  socket: Socket;
  /** Whether that connection had served an earlier request (a kept-alive one). */
  reusedSocket: boolean;
}

/**
 * One HTTP request with full control over its headers and body (fetch adds and forbids some).
 * It settles on the answer: an error the request meets after that (the server stopped reading a
 * body it refused) is ignored.
 */
export function sendRaw(
  baseUrl: string,
  options: { method?: string; path: string; headers?: OutgoingHttpHeaders; body?: string | Buffer; agent?: Agent },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(options.path, baseUrl), {
      method: options.method ?? 'GET',
      headers: options.headers,
      agent: options.agent,
    });
    let answered = false;
    let socket: Socket | null = null;
    req.on('socket', (s) => {
      socket = s;
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (!socket) {
          reject(new Error('answered without a socket'));
          return;
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          socket,
          reusedSocket: req.reusedSocket,
        });
      });
    });
    req.end(options.body);
  });
}

/** A multipart/form-data body holding one file. */
export function multipartFile(
  field: string,
  filename: string,
  type: string,
  bytes: Buffer,
): { body: Buffer; contentType: string } {
  const boundary = '----pac-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
