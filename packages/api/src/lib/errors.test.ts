import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorDetails, reasonForCode, Refusal, refuse } from './errors';

describe('refuse', () => {
  it('is a TRPCError with the code, message and cause, and the reason and field beside them', () => {
    const cause = new Error('underneath');
    const error = refuse('CONFLICT', 'An account with this email already exists', {
      reason: 'emailTaken',
      field: 'email',
      cause,
    });
    expect(error).toBeInstanceOf(TRPCError);
    expect(error).toBeInstanceOf(Refusal);
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email already exists',
      cause,
      reason: 'emailTaken',
      field: 'email',
    });
    expect(errorDetails(error)).toEqual({ reason: 'emailTaken', field: 'email' });
  });

  it('has no field when the error is about no one field', () => {
    expect(errorDetails(refuse('CONFLICT', 'This volunteer slot is full', { reason: 'slotFull' }))).toEqual({
      reason: 'slotFull',
    });
  });
});

describe('errorDetails of errors nobody refused on purpose', () => {
  it("input a schema refused: invalidInput and the first issue's path", () => {
    const parsed = z.object({ selectors: z.array(z.string().min(1)), name: z.string() }).safeParse({
      selectors: ['main', ''],
    });
    expect(parsed.success).toBe(false);
    const error = new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
    expect(errorDetails(error)).toEqual({ reason: 'invalidInput', field: 'selectors.1' });
  });

  it('input refused as a whole: invalidInput and no field', () => {
    const parsed = z.object({ name: z.string() }).safeParse('not an object');
    const error = new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
    expect(errorDetails(error)).toEqual({ reason: 'invalidInput' });
  });

  it("anything else: the code's reason, 'internal' for a server error", () => {
    expect(errorDetails(new TRPCError({ code: 'NOT_FOUND', message: 'No procedure x' }))).toEqual({
      reason: 'notFound',
    });
    expect(errorDetails(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new Error('boom') }))).toEqual({
      reason: 'internal',
    });
    expect(reasonForCode('PAYLOAD_TOO_LARGE')).toBe('payloadTooLarge');
    expect(reasonForCode('UNAUTHORIZED')).toBe('unauthorized');
    expect(reasonForCode('METHOD_NOT_SUPPORTED')).toBe('methodNotSupported');
  });
});

describe('every error the API makes has a reason', () => {
  const srcRoot = fileURLToPath(new URL('..', import.meta.url));
  const helper = fileURLToPath(import.meta.url).replace(/\.test\.ts$/, '.ts');
  const sourceFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  const files = sourceFiles(srcRoot).map((path) => ({
    name: relative(srcRoot, path).split(sep).join('/'),
    path,
    // Comments say "TRPCError" too; only code counts.
    code: readFileSync(path, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`])\/\/.*$/gm, '$1'),
  }));

  it('finds the source', () => {
    expect(files.map((f) => f.name)).toEqual(expect.arrayContaining(['trpc.ts', 'lib/errors.ts', 'auth/service.ts']));
  });

  it('makes tRPC errors only through refuse (lib/errors.ts)', () => {
    const direct = files.filter((f) => f.path !== helper && /\bnew\s+TRPCError\b/.test(f.code)).map((f) => f.name);
    expect(direct).toEqual([]);
  });

  it('names every reason in camelCase, and every field as an input field', () => {
    const bad: string[] = [];
    let reasons = 0;
    for (const file of files) {
      for (const [, key, value] of file.code.matchAll(/\b(reason|field):\s*(['"`][^'"`]*['"`])/g)) {
        if (key === 'reason') reasons += 1;
        const name = value?.slice(1, -1) ?? '';
        const ok =
          key === 'reason' ? /^[a-z][a-zA-Z0-9]*$/.test(name) : /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)*$/.test(name);
        if (!ok) bad.push(`${file.name}: ${key} ${value ?? ''}`);
      }
    }
    expect(bad).toEqual([]);
    expect(reasons).toBeGreaterThan(50);
  });
});
