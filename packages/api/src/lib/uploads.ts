import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { refuse } from './errors';

export const maxUploadBytes = 5 * 1024 * 1024;

/** Where stored images are served from: `/uploads/{name}`. */
export const uploadsPath = '/uploads/';

export const uploadMessages = {
  invalidType: /*i18n*/ 'Invalid file type',
  tooLarge: /*i18n*/ 'File too large',
  missing: /*i18n*/ 'Please select an image file',
} as const;

/** An uploaded image as a procedure input (the REST route hands the file's bytes over as `data`). */
export const imageInput = z.object({
  data: z.custom<Uint8Array>((v) => v instanceof Uint8Array, uploadMessages.missing),
});

export type ImageType = { ext: 'jpg' | 'png' | 'webp'; contentType: string };

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/** The image type from the file's own bytes (never its name or declared type), or null. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: 'png', contentType: 'image/png' };
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { ext: 'webp', contentType: 'image/webp' };
  }
  return null;
}

/** Checks an upload's size and bytes; throws the SPEC.md messages with 413 / 415 codes. */
export function checkImage(bytes: Uint8Array): ImageType {
  if (bytes.length === 0)
    throw refuse('BAD_REQUEST', uploadMessages.missing, { reason: 'imageMissing', field: 'data' });
  if (bytes.length > maxUploadBytes)
    throw refuse('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge, { reason: 'imageTooLarge', field: 'data' });
  const type = sniffImage(bytes);
  if (!type)
    throw refuse('UNSUPPORTED_MEDIA_TYPE', uploadMessages.invalidType, { reason: 'imageInvalidType', field: 'data' });
  return type;
}

/**
 * Stores an image under a server-chosen name `{prefix}-{random}.{ext}` and removes the files this
 * one replaces (every other file with the same prefix). Returns the stored file name.
 */
export function storeImage(uploadDir: string, prefix: 'hero' | 'logo', bytes: Uint8Array): string {
  const type = checkImage(bytes);
  mkdirSync(uploadDir, { recursive: true });
  const name = `${prefix}-${randomBytes(12).toString('hex')}.${type.ext}`;
  writeFileSync(join(uploadDir, name), bytes, { mode: 0o644 });
  for (const old of readdirSync(uploadDir)) {
    if (old !== name && old.startsWith(`${prefix}-`)) rmSync(join(uploadDir, basename(old)), { force: true });
  }
  return name;
}

/** The current file with this prefix, if any. */
export function findImage(uploadDir: string, prefix: 'hero' | 'logo'): string | null {
  try {
    return readdirSync(uploadDir).find((f) => f.startsWith(`${prefix}-`)) ?? null;
  } catch {
    return null;
  }
}
