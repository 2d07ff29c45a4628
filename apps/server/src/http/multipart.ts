import type { IncomingMessage } from 'node:http';
import type { Busboy } from 'busboy';
import { HttpError } from './errors';

/**
 * Reads the one file of a multipart form field. Anything past `maxBytes` is not buffered: the
 * upload is answered 413 as soon as the limit is crossed. Returns null when the field is absent.
 */
export async function readMultipartFile(req: IncomingMessage, field: string, maxBytes: number): Promise<Buffer | null> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', /*i18n*/ 'Please upload the image as multipart/form-data');
  }
  // The form parser is loaded with the first upload, not at start: uploads are rare (a logo, a hero).
  const { default: busboy } = await import('busboy');
  return new Promise((resolve, reject) => {
    let parser: Busboy;
    try {
      // busboy signals 'limit' when a file *reaches* fileSize, so a file of exactly maxBytes needs one more.
      parser = busboy({ headers: req.headers, limits: { fileSize: maxBytes + 1, files: 1, fields: 20, parts: 30 } });
    } catch {
      reject(new HttpError(400, 'BAD_REQUEST', /*i18n*/ 'The upload could not be read'));
      return;
    }
    let file: Buffer | null = null;
    let failed = false;
    const tooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', /*i18n*/ 'File too large');
    const fail = (error: HttpError) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      reject(error);
    };
    parser.on('file', (name, stream) => {
      // A form cut off mid-file destroys the file stream with an error: without this listener it
      // would be an uncaught exception that ends the process.
      stream.on('error', () => fail(new HttpError(400, 'BAD_REQUEST', /*i18n*/ 'The upload could not be read')));
      if (name !== field || file !== null) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => {
        if (failed) return;
        const bytes = Buffer.concat(chunks);
        if (bytes.length > maxBytes) fail(tooLarge());
        else file = bytes;
      });
    });
    parser.on('error', () => fail(new HttpError(400, 'BAD_REQUEST', /*i18n*/ 'The upload could not be read')));
    parser.on('close', () => {
      if (!failed) resolve(file);
    });
    req.pipe(parser);
  });
}
