import { describe, expect, it } from 'vitest';
import { appRouter, procedureMeta } from './root';
import { adminProcedure, organizerProcedure, publicProcedure, router, userProcedure } from './trpc';

/** Every procedure's path ('sheets.byId'), as the routers name them. */
const procedurePaths = Object.keys(appRouter._def.procedures);

const typeOf = (path: string): unknown =>
  (appRouter._def.procedures as unknown as Record<string, { _def?: { type?: unknown } } | undefined>)[path]?._def?.type;

describe('what procedures declare about themselves (meta)', () => {
  it('gives every procedure the access of the tier it is built on', () => {
    const probe = router({
      open: publicProcedure.query(() => 1),
      signedIn: userProcedure.query(() => 1),
      organizing: organizerProcedure.mutation(() => 1),
      administering: adminProcedure.mutation(() => 1),
      cached: publicProcedure.meta({ publicCache: true }).query(() => 1),
    });
    const meta = (name: string) =>
      (probe._def.procedures as unknown as Record<string, { _def: { meta?: unknown } }>)[name]?._def.meta;
    expect(meta('open')).toEqual({ access: 'public' });
    expect(meta('signedIn')).toEqual({ access: 'user' });
    expect(meta('organizing')).toEqual({ access: 'organizer' });
    expect(meta('administering')).toEqual({ access: 'admin' });
    // A procedure's own meta merges with its tier's.
    expect(meta('cached')).toEqual({ access: 'public', publicCache: true });
  });

  it('declares an access tier on every procedure of the app', () => {
    expect(procedurePaths.length).toBeGreaterThan(50);
    const undeclared = procedurePaths.filter(
      (path) => !['public', 'user', 'organizer', 'admin'].includes(procedureMeta(path)?.access ?? ''),
    );
    expect(undeclared).toEqual([]);
  });

  it('lets the public cache keep only public queries, and the public sheet reads are among them', () => {
    const cacheable = procedurePaths.filter((path) => procedureMeta(path)?.publicCache === true);
    for (const path of cacheable)
      expect(`${path}: ${procedureMeta(path)?.access} ${String(typeOf(path))}`).toBe(`${path}: public query`);
    expect(cacheable).toEqual(expect.arrayContaining(['sheets.list', 'sheets.byId']));
    expect(procedureMeta('sheets.managed')?.publicCache).toBeUndefined();
  });

  it('answers null for a path that names no procedure', () => {
    expect(procedureMeta('sheets.nothing')).toBeNull();
    expect(procedureMeta('__proto__')).toBeNull();
    expect(procedureMeta('sheets')).toBeNull();
  });
});
