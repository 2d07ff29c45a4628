import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isCompressibleType } from './compressible';

// compression's own judge, as compression itself finds it (a dependency of compression's, not ours).
const fromCompression = createRequire(createRequire(import.meta.url).resolve('compression'));
const compressible = fromCompression('compressible') as (type: string) => boolean | undefined;

describe('which answers are compressed (compression filter)', () => {
  // Every type the server sends (its answers, the built files as sirv names them), and some it
  // never compresses.
  const types = [
    'application/json',
    'application/json; charset=utf-8',
    'text/html; charset=utf-8',
    'text/plain; charset=utf-8',
    'text/calendar; charset=utf-8',
    'text/csv; charset=utf-8',
    'text/css',
    'text/javascript',
    'application/javascript',
    'application/atom+xml; charset=utf-8',
    'application/manifest+json',
    'image/svg+xml',
    'image/png',
    'image/jpeg',
    'image/webp',
    'font/woff2',
    'application/octet-stream',
    'application/zip',
    'application/pdf',
    'multipart/form-data',
  ];

  it.each(types)('judges %s as compressible does', (type) => {
    expect(isCompressibleType(type)).toBe(Boolean(compressible(type)));
  });

  it('compresses text and JSON answers and leaves images and unknown answers alone', () => {
    expect(isCompressibleType('APPLICATION/JSON')).toBe(true);
    expect(isCompressibleType('image/jpeg')).toBe(false);
    expect(isCompressibleType(undefined)).toBe(false);
    expect(isCompressibleType(['text/html'])).toBe(false);
    expect(isCompressibleType('text/')).toBe(false);
  });
});
