import { signupSheets, volunteers, volunteerSlots } from '@pac/db';
import { TRPCError } from '@trpc/server';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import { createContextInner, type SessionUser } from './context';
import { appRouter } from './root';
import {
  anonymousCaller,
  callerFor,
  createTestDb,
  insertAdmin,
  insertUser,
  registerUser,
  sheetInput,
  testConfig,
  testRuntime,
  type TestDb,
} from '../test/db';
import { zodIssues } from './lib/errors';
import { createCallerFactory, publicMessage, router, userProcedure } from './trpc';

let t: TestDb;
let user: SessionUser;
let other: SessionUser;
let admin: SessionUser;
let slotId: number;
let sheetId: number;

beforeAll(async () => {
  t = createTestDb();
  user = await insertUser(t.db, { name: 'Uma User' });
  other = await insertUser(t.db, { name: 'Otto Other' });
  admin = await insertAdmin(t.db);
  const sheet = t.db
    .insert(signupSheets)
    .values({
      title: 'Fair',
      eventDate: new Date('2030-05-01T10:00:00Z'),
      organizerName: 'A',
      organizerEmail: 'a@example.org',
    })
    .returning()
    .get();
  sheetId = sheet.id;
  slotId = t.db
    .insert(volunteerSlots)
    .values({ signupSheetId: sheet.id, title: 'Tickets', maxVolunteers: 5 })
    .returning()
    .get().id;
});
afterAll(() => t.cleanup());

describe('X-User-ID (claimedUserId)', () => {
  it('the first user really has id 1 and the second id 2', () => {
    expect(user.id).toBe(1);
    expect(other.id).toBe(2);
  });

  it('refuses a claim that disagrees with the session user with FORBIDDEN, even on sheets.list', async () => {
    const caller = callerFor(t.db, user, { claimedUserId: '2' });
    await expect(caller.sheets.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller.sheets.byId({ id: sheetId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller.auth.me()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses a mutation with a spoofed claim and writes nothing', async () => {
    const caller = callerFor(t.db, user, { claimedUserId: String(other.id) });
    await expect(
      caller.volunteers.create({ slotId, name: 'Uma User', email: 'uma@example.org', phone: '555-0101' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(t.db.select().from(volunteers).where(eq(volunteers.slotId, slotId)).all()).toHaveLength(0);
    expect(t.db.select().from(volunteerSlots).where(eq(volunteerSlots.id, slotId)).get()?.currentVolunteers).toBe(0);
  });

  it('refuses even an admin whose claim names someone else', async () => {
    await expect(callerFor(t.db, admin, { claimedUserId: String(user.id) }).sheets.list()).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('refuses a claim that is not a number at all', async () => {
    await expect(callerFor(t.db, user, { claimedUserId: 'abc' }).sheets.list()).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('accepts a claim that matches the session user', async () => {
    const list = await callerFor(t.db, user, { claimedUserId: String(user.id) }).sheets.list();
    expect(list.map((s) => s.id)).toContain(sheetId);
  });

  it('ignores a claim without a session user: it identifies nobody', async () => {
    const caller = anonymousCaller(t.db, { claimedUserId: '2' });
    expect(await caller.auth.me()).toBeNull();
    expect((await caller.sheets.list()).map((s) => s.id)).toContain(sheetId);
    // Acting as user 2 is still impossible: admin procedures need a session.
    await expect(
      caller.sheets.create({ title: 'x', eventDate: new Date(), organizerName: 'x', organizerEmail: 'x@example.org' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const created = await caller.volunteers.create({
      slotId,
      name: 'Anne Anon',
      email: 'anne@example.org',
      phone: '555-0102',
    });
    expect(created.userId).toBeNull();
  });
});

describe('publicMessage and zodIssues', () => {
  it('uses the first validation message for input errors', async () => {
    const error: unknown = await anonymousCaller(t.db)
      .volunteers.create({ slotId, name: '', email: 'bad', phone: '1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    if (!(error instanceof TRPCError)) return;
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.cause).toBeInstanceOf(ZodError);
    expect(publicMessage(error)).toBe('Name is required');
    if (error.cause instanceof ZodError) {
      expect(zodIssues(error.cause)).toEqual([
        { path: 'name', message: 'Name is required' },
        { path: 'email', message: 'Please enter a valid email address' },
      ]);
    }
  });

  it('hides internal error messages and passes others through', () => {
    expect(
      publicMessage(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'SQLITE_BUSY at /srv/x.ts:12' })),
    ).toBe('Something went wrong. Please try again.');
    expect(publicMessage(new TRPCError({ code: 'CONFLICT', message: 'This volunteer slot is full' }))).toBe(
      'This volunteer slot is full',
    );
  });
});

describe('the procedure chain', () => {
  // Every middleware spreads the call's options, context and input on to the next.
  const probe = router({
    echo: userProcedure
      .input(z.looseObject({ a: z.number() }))
      .input(z.looseObject({ b: z.number() }))
      .query(({ ctx, input }) => ({
        input,
        userId: ctx.user.id,
      })),
  });
  const call = (user: SessionUser) =>
    createCallerFactory(probe)(createContextInner({ db: t.db, config: testConfig, runtime: testRuntime(t.db), user }));

  it('merges the inputs of chained .input() calls and passes the narrowed context on', async () => {
    const result = await call(user).echo({ a: 1, b: 2 });
    expect(result).toEqual({ input: { a: 1, b: 2 }, userId: user.id });
  });
});

/**
 * What an error answer's `data` says to machines, as the HTTP handler formats it: the router's own
 * errorFormatter, through tRPC's getErrorShape, on what a createCaller call threw.
 */
async function answerData(call: Promise<unknown>, path: string): Promise<Record<string, unknown>> {
  const error = await call.then(
    () => new Error(`${path} succeeded`),
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw error;
  const shape = getErrorShape({
    config: appRouter._def._config,
    error,
    type: 'mutation',
    path,
    input: undefined,
    ctx: undefined,
  });
  return { message: shape.message, ...shape.data };
}

describe('error answers carry a reason and a field', () => {
  it('a full slot: slotFull, with no field', async () => {
    const organizer = callerFor(t.db, admin);
    const sheet = await organizer.sheets.create(sheetInput({ title: 'Full Fair' }));
    const slot = await organizer.slots.create({ signupSheetId: sheet.id, title: 'One spot', maxVolunteers: 1 });
    const volunteer = { slotId: slot.id, name: 'Fran First', email: 'fran@example.org', phone: '555-0110' };
    await anonymousCaller(t.db).volunteers.create(volunteer);
    const data = await answerData(
      anonymousCaller(t.db).volunteers.create({ ...volunteer, name: 'Sam Second', email: 'sam@example.org' }),
      'volunteers.create',
    );
    expect(data).toMatchObject({ message: 'This volunteer slot is full', code: 'CONFLICT', reason: 'slotFull' });
    expect(data).not.toHaveProperty('field');
  });

  it('an address already registered: emailTaken on the email field', async () => {
    const { user: taken } = await registerUser(t.db);
    const data = await answerData(
      anonymousCaller(t.db).auth.register({ name: 'Dee Duplicate', email: taken.email, password: 'another-pass' }),
      'auth.register',
    );
    expect(data).toMatchObject({
      message: 'An account with this email already exists',
      code: 'CONFLICT',
      httpStatus: 409,
      reason: 'emailTaken',
      field: 'email',
    });
  });

  it('a monitor URL outside the approved domains: urlNotApproved on the url field', async () => {
    const data = await answerData(
      callerFor(t.db, admin).monitors.create({
        name: 'Elsewhere',
        url: 'https://example.com/news',
        selectors: ['main'],
      }),
      'monitors.create',
    );
    expect(data).toMatchObject({
      message: 'URL must be from an approved school domain (*.example-district.org)',
      code: 'BAD_REQUEST',
      reason: 'urlNotApproved',
      field: 'url',
    });
  });

  it("input the schema refuses: invalidInput on the first issue's field, beside the issues", async () => {
    const data = await answerData(
      anonymousCaller(t.db).volunteers.create({ slotId, name: 'Nell Name', email: 'not an address', phone: '1' }),
      'volunteers.create',
    );
    expect(data).toMatchObject({
      message: 'Please enter a valid email address',
      code: 'BAD_REQUEST',
      reason: 'invalidInput',
      field: 'email',
      issues: [{ path: 'email', message: 'Please enter a valid email address' }],
    });
  });

  it('a missing sheet: sheetNotFound', async () => {
    const data = await answerData(anonymousCaller(t.db).sheets.byId({ id: 999_999 }), 'sheets.byId');
    expect(data).toMatchObject({ message: 'Signup sheet not found', code: 'NOT_FOUND', reason: 'sheetNotFound' });
  });

  it('the tiers: signInRequired, adminOnly', async () => {
    expect(await answerData(anonymousCaller(t.db).calendar.myFeed(), 'calendar.myFeed')).toMatchObject({
      code: 'UNAUTHORIZED',
      reason: 'signInRequired',
    });
    expect(await answerData(callerFor(t.db, user).monitors.list(), 'monitors.list')).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Administrator access required',
      reason: 'adminOnly',
    });
  });

  it('an unexpected failure: internal, and its text stays hidden', async () => {
    const failing = router({
      boom: userProcedure.query(() => {
        throw new Error('SQLITE_BUSY at /srv/x.ts:12');
      }),
    });
    const call = createCallerFactory(failing)(
      createContextInner({ db: t.db, config: testConfig, runtime: testRuntime(t.db), user }),
    );
    expect(await answerData(call.boom(), 'boom')).toMatchObject({
      message: 'Something went wrong. Please try again.',
      code: 'INTERNAL_SERVER_ERROR',
      reason: 'internal',
    });
  });
});
