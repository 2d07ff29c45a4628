import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  messages,
  optionalDate,
  optionalText,
  personName,
  requiredDate,
  requiredText,
} from './common';

/** The issues a schema reports for an input, as `path: message` pairs; [] when it parses. */
function issuesOf(schema: z.ZodType, input: unknown): { path: string; message: string }[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

describe('messages', () => {
  it('carries the SPEC.md sentences word for word', () => {
    expect(messages.emailInvalid).toBe('Please enter a valid email address');
    expect(messages.nameRequired).toBe('Name is required');
  });
});

describe('idSchema', () => {
  it('accepts positive integers and numeric strings (REST path segments)', () => {
    expect(idSchema.parse(5)).toBe(5);
    expect(idSchema.parse('42')).toBe(42);
  });

  it.each([
    0,
    -1,
    1.5,
    'abc',
    '',
    Number.MAX_SAFE_INTEGER + 2,
    '0x3',
    '1e3',
    ' 3',
    '3 ',
    '+3',
    '3.0',
    '0b11',
    'Infinity',
  ])('refuses %j', (value) => {
    const issues = issuesOf(idSchema, value);
    expect(issues.length).toBeGreaterThan(0);
    expect(new Set(issues.map((i) => i.message))).toEqual(new Set(['Must be a positive whole number']));
  });
});

describe('personName', () => {
  const schema = personName('Name is required');

  it.each(['Erin Li', 'Zoë Ñúñez-Ødegård', '李小龙', "D'Arcy O'Neil", 'Dr. J. Smith'])('accepts %j', (name) => {
    expect(issuesOf(schema, name)).toEqual([]);
  });

  it.each([
    'URGENT verify account at http://evil.example/login',
    'see https://x.example',
    'Erin\u202eevil',
    'Erin\u2066x\u2069',
    'Erin\u0000Li',
    'Erin\nLi',
    'Erin\tLi',
    'Erin\u0085Li',
  ])('refuses %j with the SPEC-style message', (name) => {
    expect(issuesOf(schema, name)).toEqual([{ path: '', message: 'Please enter a valid name' }]);
  });

  // API.md "Mail that cannot be turned against anyone": a name is put into mails the school sends,
  // where a mail program turns 'www.…' into a link as readily as 'https://…'.
  it.each([
    'Win at www.evil-pills.example',
    'WWW.x.y',
    'www.evil.example',
    'Prize: Www.Claim-Now.example',
    'Erin (www.evil.example)',
    'Erin-www.evil.example',
    '李小龙 www.evil.example',
  ])('refuses %j, a word beginning www., with the SPEC-style message', (name) => {
    expect(issuesOf(schema, name)).toEqual([{ path: '', message: 'Please enter a valid name' }]);
  });

  it.each(['Awwww.', 'Bob Www', 'Bob Www Smith', "Anne-Marie O'Neil", 'Zoë Ñúñez', '王小明', 'ਗੁਰਪ੍ਰੀਤ', 'J. Dubya Jr.'])(
    'accepts %j: no word in it begins with www.',
    (name) => {
      expect(issuesOf(schema, name)).toEqual([]);
    },
  );

  it('still says the name is required when it is empty', () => {
    expect(issuesOf(schema, '  ')).toEqual([{ path: '', message: 'Name is required' }]);
  });
});

describe('requiredText', () => {
  const schema = requiredText('Name is required', 10);

  it('trims the value', () => {
    expect(schema.parse('  Jane  ')).toBe('Jane');
  });

  it.each([undefined, null, '', '   ', 7])('refuses %s with the given message', (value) => {
    expect(issuesOf(schema, value)).toEqual([{ path: '', message: 'Name is required' }]);
  });

  it('bounds the length after trimming', () => {
    expect(schema.parse(`  ${'a'.repeat(10)}  `)).toBe('a'.repeat(10));
    expect(issuesOf(schema, 'a'.repeat(11))).toEqual([{ path: '', message: 'Must be at most 10 characters' }]);
  });
});

describe('optionalText', () => {
  const schema = z.object({ notes: optionalText(20) });

  it("turns '' and blank text into null (clear)", () => {
    expect(schema.parse({ notes: '' })).toEqual({ notes: null });
    expect(schema.parse({ notes: '   ' })).toEqual({ notes: null });
  });

  it('keeps null as null', () => {
    expect(schema.parse({ notes: null })).toEqual({ notes: null });
  });

  it('leaves a missing value undefined (no change)', () => {
    const parsed = schema.parse({});
    expect(parsed.notes).toBeUndefined();
  });

  it('trims text', () => {
    expect(schema.parse({ notes: '  bring gloves ' })).toEqual({ notes: 'bring gloves' });
  });

  it('refuses text that is too long and values that are not text', () => {
    expect(issuesOf(schema, { notes: 'x'.repeat(21) })).toEqual([
      { path: 'notes', message: 'Must be at most 20 characters' },
    ]);
    expect(issuesOf(schema, { notes: 12 })).toEqual([{ path: 'notes', message: 'Must be text' }]);
  });
});

describe('emailSchema', () => {
  it('trims and lower-cases the address', () => {
    expect(emailSchema.parse('  Jane.Doe@Example.ORG ')).toBe('jane.doe@example.org');
  });

  it.each(['', 'jane', 'jane@', '@example.org', 'jane doe@example.org', undefined, null, 5])(
    "refuses %s with 'Please enter a valid email address'",
    (value) => {
      expect(issuesOf(emailSchema, value)).toEqual([{ path: '', message: 'Please enter a valid email address' }]);
    },
  );

  it('refuses an address longer than 254 characters', () => {
    const long = `${'a'.repeat(250)}@example.org`;
    expect(issuesOf(emailSchema, long).map((i) => i.message)).toContain('Please enter a valid email address');
  });
});

describe('requiredDate', () => {
  const schema = requiredDate('Event date is required');

  it('turns an ISO string into that instant', () => {
    const parsed = schema.parse('2030-05-01T10:00:00.000Z');
    expect(parsed).toBeInstanceOf(Date);
    expect(parsed.toISOString()).toBe('2030-05-01T10:00:00.000Z');
  });

  it('accepts epoch milliseconds and Date objects', () => {
    const ms = Date.UTC(2030, 4, 1, 10);
    expect(schema.parse(ms).getTime()).toBe(ms);
    expect(schema.parse(new Date(ms)).getTime()).toBe(ms);
  });

  it.each([undefined, null, '', '   '])('refuses %s as missing', (value) => {
    expect(issuesOf(schema, value)).toEqual([{ path: '', message: 'Event date is required' }]);
  });

  it('refuses a string that is not a date', () => {
    expect(issuesOf(schema, 'next tuesday')).toEqual([{ path: '', message: 'Must be a valid date' }]);
  });
});

describe('optionalDate', () => {
  const schema = z.object({ startTime: optionalDate });

  it('turns an ISO string into a Date', () => {
    const parsed = schema.parse({ startTime: '2030-05-01T09:30:00.000Z' });
    expect(parsed.startTime).toBeInstanceOf(Date);
    expect(parsed.startTime?.toISOString()).toBe('2030-05-01T09:30:00.000Z');
  });

  it("turns '' and null into null (clear)", () => {
    expect(schema.parse({ startTime: '' })).toEqual({ startTime: null });
    expect(schema.parse({ startTime: null })).toEqual({ startTime: null });
  });

  it('leaves a missing value undefined (no change)', () => {
    expect(schema.parse({}).startTime).toBeUndefined();
  });

  it('refuses a string that is not a date', () => {
    expect(issuesOf(schema, { startTime: 'soon' })).toEqual([{ path: 'startTime', message: 'Must be a valid date' }]);
  });
});
