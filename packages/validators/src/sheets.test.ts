import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  maxVolunteersSchema,
  sheetCreateSchema,
  sheetUpdateSchema,
  slotCreateSchema,
  type SlotCreateInput,
  slotUpdateSchema,
  volunteerSignupSchema,
  volunteerUpdateSchema,
} from './sheets';

function issuesOf(schema: z.ZodType, input: unknown): { path: string; message: string }[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

const validSheet = {
  title: 'Spring Fair',
  description: 'Games and food',
  eventDate: '2030-05-01T17:00:00.000Z',
  organizerName: 'Pat Organizer',
  organizerEmail: 'pat@example.org',
};

describe('sheetCreateSchema', () => {
  it('turns the ISO eventDate into a Date and keeps the rest', () => {
    const parsed = sheetCreateSchema.parse(validSheet);
    expect(parsed.eventDate).toBeInstanceOf(Date);
    expect(parsed.eventDate.toISOString()).toBe('2030-05-01T17:00:00.000Z');
    expect(parsed).toMatchObject({
      title: 'Spring Fair',
      description: 'Games and food',
      organizerName: 'Pat Organizer',
    });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['null', null],
  ])("refuses a %s eventDate with 'Event date is required'", (_label, eventDate) => {
    expect(issuesOf(sheetCreateSchema, { ...validSheet, eventDate })).toEqual([
      { path: 'eventDate', message: 'Event date is required' },
    ]);
  });

  it('refuses an eventDate that is not a date', () => {
    expect(issuesOf(sheetCreateSchema, { ...validSheet, eventDate: 'someday' })).toEqual([
      { path: 'eventDate', message: 'Must be a valid date' },
    ]);
  });

  it('requires title, organizerName and organizerEmail', () => {
    expect(issuesOf(sheetCreateSchema, { ...validSheet, title: ' ', organizerName: '', organizerEmail: '' })).toEqual([
      { path: 'title', message: 'Title is required' },
      { path: 'organizerName', message: 'Organizer name is required' },
      { path: 'organizerEmail', message: 'Organizer email is required' },
    ]);
  });

  it('refuses an organizerEmail that is not an email, and lower-cases a valid one', () => {
    expect(issuesOf(sheetCreateSchema, { ...validSheet, organizerEmail: 'pat at example' })).toEqual([
      { path: 'organizerEmail', message: 'Please enter a valid email address' },
    ]);
    expect(sheetCreateSchema.parse({ ...validSheet, organizerEmail: ' Pat@Example.ORG ' }).organizerEmail).toBe(
      'pat@example.org',
    );
  });

  it('turns an empty description into null and a missing one into undefined', () => {
    expect(sheetCreateSchema.parse({ ...validSheet, description: '' }).description).toBeNull();
    const { description: _d, ...rest } = validSheet;
    expect(sheetCreateSchema.parse(rest).description).toBeUndefined();
  });
});

describe('sheetUpdateSchema', () => {
  it('needs only the id; missing fields stay undefined (no change)', () => {
    expect(sheetUpdateSchema.parse({ id: '7' })).toEqual({ id: 7, moveSlots: true });
  });

  it('moves the slots with a new eventDate unless moveSlots is false, and takes only a boolean', () => {
    expect(sheetUpdateSchema.parse({ id: 1, eventDate: validSheet.eventDate }).moveSlots).toBe(true);
    expect(sheetUpdateSchema.parse({ id: 1, eventDate: validSheet.eventDate, moveSlots: false }).moveSlots).toBe(false);
    for (const moveSlots of ['no', 0, null]) {
      expect(issuesOf(sheetUpdateSchema, { id: 1, moveSlots })).toEqual([
        { path: 'moveSlots', message: 'moveSlots must be true or false' },
      ]);
    }
  });

  it('still refuses a cleared eventDate or title', () => {
    expect(issuesOf(sheetUpdateSchema, { id: 1, eventDate: '' })).toEqual([
      { path: 'eventDate', message: 'Event date is required' },
    ]);
    expect(issuesOf(sheetUpdateSchema, { id: 1, title: '' })).toEqual([
      { path: 'title', message: 'Title is required' },
    ]);
  });
});

describe('maxVolunteersSchema', () => {
  it.each([
    ['missing', undefined],
    ["''", ''],
    ["'abc'", 'abc'],
    ['null', null],
    ['blank', '   '],
  ])('turns %s into 1', (_label, value) => {
    expect(maxVolunteersSchema.parse(value)).toBe(1);
  });

  it("turns '3' into 3 and keeps numbers", () => {
    expect(maxVolunteersSchema.parse('3')).toBe(3);
    expect(maxVolunteersSchema.parse(12)).toBe(12);
    expect(maxVolunteersSchema.parse(1)).toBe(1);
  });

  it.each([0, -1, '0', '-1'])('refuses %s as below 1', (value) => {
    expect(issuesOf(maxVolunteersSchema, value)).toEqual([
      { path: '', message: 'Number of volunteers must be at least 1' },
    ]);
  });

  it.each([2.5, '2.5'])('refuses %s as not whole', (value) => {
    expect(issuesOf(maxVolunteersSchema, value)).toEqual([
      { path: '', message: 'Number of volunteers must be a whole number' },
    ]);
  });
});

const validSlot = { signupSheetId: 1, title: 'Bake sale table' };

describe('slotCreateSchema', () => {
  it('defaults maxVolunteers to 1 and leaves missing times undefined', () => {
    // Also a type check (tsc): maxVolunteers, times and description may be left out.
    const input: SlotCreateInput = { signupSheetId: 1, title: 'Bake sale table' };
    const parsed = slotCreateSchema.parse(input);
    expect(parsed.maxVolunteers).toBe(1);
    expect(parsed.startTime).toBeUndefined();
    expect(parsed.endTime).toBeUndefined();
    expect(parsed.description).toBeUndefined();
  });

  it('accepts the form values: numeric string capacity, ISO times', () => {
    const parsed = slotCreateSchema.parse({
      ...validSlot,
      signupSheetId: '4',
      maxVolunteers: '3',
      startTime: '2030-05-01T16:00:00.000Z',
      endTime: '2030-05-01T18:00:00.000Z',
      description: '',
    });
    expect(parsed).toEqual({
      signupSheetId: 4,
      title: 'Bake sale table',
      maxVolunteers: 3,
      startTime: new Date('2030-05-01T16:00:00.000Z'),
      endTime: new Date('2030-05-01T18:00:00.000Z'),
      description: null,
      kind: 'task',
    });
  });

  it("turns '' and null times into null", () => {
    const parsed = slotCreateSchema.parse({ ...validSlot, startTime: '', endTime: null });
    expect(parsed.startTime).toBeNull();
    expect(parsed.endTime).toBeNull();
  });

  it("refuses an end before (or at) the start with 'End time must be after start time' on endTime", () => {
    const start = '2030-05-01T16:00:00.000Z';
    expect(issuesOf(slotCreateSchema, { ...validSlot, startTime: start, endTime: '2030-05-01T15:00:00.000Z' })).toEqual(
      [{ path: 'endTime', message: 'End time must be after start time' }],
    );
    expect(issuesOf(slotCreateSchema, { ...validSlot, startTime: start, endTime: start })).toEqual([
      { path: 'endTime', message: 'End time must be after start time' },
    ]);
  });

  it('accepts an end without a start, and a start without an end', () => {
    expect(issuesOf(slotCreateSchema, { ...validSlot, endTime: '2030-05-01T15:00:00.000Z' })).toEqual([]);
    expect(issuesOf(slotCreateSchema, { ...validSlot, startTime: '2030-05-01T15:00:00.000Z' })).toEqual([]);
  });

  it("requires a title ('Title is required') and refuses a bad capacity", () => {
    expect(issuesOf(slotCreateSchema, { ...validSlot, title: '  ' })).toEqual([
      { path: 'title', message: 'Title is required' },
    ]);
    expect(issuesOf(slotCreateSchema, { ...validSlot, maxVolunteers: 0 })).toEqual([
      { path: 'maxVolunteers', message: 'Number of volunteers must be at least 1' },
    ]);
    expect(issuesOf(slotCreateSchema, { ...validSlot, maxVolunteers: 2.5 })).toEqual([
      { path: 'maxVolunteers', message: 'Number of volunteers must be a whole number' },
    ]);
  });

  it('refuses a missing or invalid sheet id', () => {
    expect(issuesOf(slotCreateSchema, { title: 'x' }).map((i) => i.path)).toEqual(['signupSheetId']);
    expect(issuesOf(slotCreateSchema, { ...validSlot, signupSheetId: 0 }).map((i) => i.path)).toEqual([
      'signupSheetId',
    ]);
  });
});

describe('slotUpdateSchema', () => {
  it('leaves every missing field undefined (no change)', () => {
    const parsed = slotUpdateSchema.parse({ id: 3 });
    expect(parsed).toEqual({ id: 3 });
    expect(parsed.maxVolunteers).toBeUndefined();
    expect(parsed.startTime).toBeUndefined();
    expect(parsed.endTime).toBeUndefined();
    expect(parsed.title).toBeUndefined();
    expect(parsed.description).toBeUndefined();
  });

  it("clears times given as '' or null", () => {
    const parsed = slotUpdateSchema.parse({ id: 3, startTime: '', endTime: null });
    expect(parsed.startTime).toBeNull();
    expect(parsed.endTime).toBeNull();
  });

  it('turns ISO strings into Dates', () => {
    const parsed = slotUpdateSchema.parse({ id: 3, startTime: '2030-05-01T16:00:00.000Z' });
    expect(parsed.startTime).toEqual(new Date('2030-05-01T16:00:00.000Z'));
  });

  it("coerces a given maxVolunteers like create: '3' → 3, 'abc' → 1, 0 refused", () => {
    expect(slotUpdateSchema.parse({ id: 3, maxVolunteers: '3' }).maxVolunteers).toBe(3);
    expect(slotUpdateSchema.parse({ id: 3, maxVolunteers: 'abc' }).maxVolunteers).toBe(1);
    expect(slotUpdateSchema.parse({ id: 3, maxVolunteers: null }).maxVolunteers).toBe(1);
    expect(issuesOf(slotUpdateSchema, { id: 3, maxVolunteers: 0 })).toEqual([
      { path: 'maxVolunteers', message: 'Number of volunteers must be at least 1' },
    ]);
    expect(issuesOf(slotUpdateSchema, { id: 3, maxVolunteers: -1 })).toEqual([
      { path: 'maxVolunteers', message: 'Number of volunteers must be at least 1' },
    ]);
    expect(issuesOf(slotUpdateSchema, { id: 3, maxVolunteers: 2.5 })).toEqual([
      { path: 'maxVolunteers', message: 'Number of volunteers must be a whole number' },
    ]);
  });

  it('refuses an end before the start when both are given', () => {
    expect(
      issuesOf(slotUpdateSchema, { id: 3, startTime: '2030-05-01T16:00:00.000Z', endTime: '2030-05-01T12:00:00.000Z' }),
    ).toEqual([{ path: 'endTime', message: 'End time must be after start time' }]);
  });

  it('refuses a cleared title', () => {
    expect(issuesOf(slotUpdateSchema, { id: 3, title: '' })).toEqual([{ path: 'title', message: 'Title is required' }]);
  });
});

const validSignup = { slotId: 2, name: 'Jane Doe', email: 'jane@example.org', phone: '555-0100' };

describe('volunteerSignupSchema', () => {
  it('accepts a minimal signup; emailConsent defaults to false, notes and userId stay undefined', () => {
    const parsed = volunteerSignupSchema.parse(validSignup);
    expect(parsed).toEqual({ ...validSignup, emailConsent: false, answers: {} });
    expect(parsed.notes).toBeUndefined();
    expect(parsed.userId).toBeUndefined();
  });

  it('trims and lower-cases the email', () => {
    expect(volunteerSignupSchema.parse({ ...validSignup, email: '  Jane.Doe@Example.ORG ' }).email).toBe(
      'jane.doe@example.org',
    );
  });

  it('requires name, email and phone', () => {
    expect(issuesOf(volunteerSignupSchema, { slotId: 2, name: '', email: '', phone: ' ' })).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'email', message: 'Email is required' },
      { path: 'phone', message: 'Phone is required' },
    ]);
  });

  it("refuses an invalid email with 'Please enter a valid email address'", () => {
    expect(issuesOf(volunteerSignupSchema, { ...validSignup, email: 'jane@' })).toEqual([
      { path: 'email', message: 'Please enter a valid email address' },
    ]);
  });

  it('turns empty notes into null and accepts a null userId', () => {
    const parsed = volunteerSignupSchema.parse({ ...validSignup, notes: '', userId: null, emailConsent: true });
    expect(parsed.notes).toBeNull();
    expect(parsed.userId).toBeNull();
    expect(parsed.emailConsent).toBe(true);
  });
});

describe('volunteerUpdateSchema', () => {
  it('makes every field but the id optional', () => {
    expect(volunteerUpdateSchema.parse({ id: 9 })).toEqual({ id: 9 });
  });

  it("lower-cases a new email, clears notes given as '', and refuses a blank name", () => {
    expect(volunteerUpdateSchema.parse({ id: 9, email: 'NEW@Example.org', notes: '' })).toEqual({
      id: 9,
      email: 'new@example.org',
      notes: null,
    });
    expect(issuesOf(volunteerUpdateSchema, { id: 9, name: ' ' })).toEqual([
      { path: 'name', message: 'Name is required' },
    ]);
    expect(issuesOf(volunteerUpdateSchema, { id: 9, email: 'nope' })).toEqual([
      { path: 'email', message: 'Please enter a valid email address' },
    ]);
  });
});
