import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors';

/** The largest JSON request body the server reads (REST and tRPC alike). */
export const maxJsonBytes = 1024 * 1024;

/** The whole body, refusing with 413 once it passes `maxBytes`. */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', /*i18n*/ 'Request body is too large');
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) return Promise.reject(tooLarge());
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error: Error | null) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks));
    };
    // On 413 the request is left flowing, not destroyed: destroying it would reset the connection
    // before the client reads the answer (see connection.ts, which drains the rest).
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) settle(tooLarge());
      else chunks.push(chunk);
    };
    const onEnd = () => settle(null);
    const onError = (error: Error) => settle(error);
    const onClose = () => settle(new HttpError(400, 'BAD_REQUEST', /*i18n*/ 'The request body was cut off'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** Reads a JSON body (at most 1 MB). An empty body is `undefined`. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req, maxJsonBytes);
  const text = body.toString('utf8').trim();
  if (text === '') return undefined;
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type) && type !== '') {
    throw new HttpError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      /*i18n*/ 'Request body must be JSON (Content-Type: application/json)',
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'BAD_REQUEST', /*i18n*/ 'Request body must be valid JSON');
  }
}
