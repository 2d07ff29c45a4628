import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accountUpdateSchema, changePasswordSchema, loginSchema, passwordMin, registerSchema } from './auth';

function issuesOf(schema: z.ZodType, input: unknown): { path: string; message: string }[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

const validRegistration = { name: 'Jane Doe', email: 'jane@example.org', password: 'secret1' };

describe('registerSchema', () => {
  it('has a minimum password length of 6', () => {
    expect(passwordMin).toBe(6);
  });

  it('accepts a minimal registration and fills the defaults', () => {
    expect(registerSchema.parse(validRegistration)).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.org',
      password: 'secret1',
      emailConsent: false,
      isAdmin: false,
    });
  });

  it('trims and lower-cases the email and trims the name', () => {
    const parsed = registerSchema.parse({ ...validRegistration, name: '  Jane Doe ', email: '  Jane@Example.ORG ' });
    expect(parsed.email).toBe('jane@example.org');
    expect(parsed.name).toBe('Jane Doe');
  });

  it("refuses a password shorter than 6 characters with 'Password must be at least 6 characters'", () => {
    expect(issuesOf(registerSchema, { ...validRegistration, password: '12345' })).toEqual([
      { path: 'password', message: 'Password must be at least 6 characters' },
    ]);
    expect(issuesOf(registerSchema, { ...validRegistration, password: '123456' })).toEqual([]);
  });

  it('refuses a missing password with the same message', () => {
    const { password: _password, ...rest } = validRegistration;
    expect(issuesOf(registerSchema, rest)).toEqual([
      { path: 'password', message: 'Password must be at least 6 characters' },
    ]);
  });

  it("refuses a missing or blank name with 'Name is required'", () => {
    expect(issuesOf(registerSchema, { ...validRegistration, name: '   ' })).toEqual([
      { path: 'name', message: 'Name is required' },
    ]);
    const { name: _name, ...rest } = validRegistration;
    expect(issuesOf(registerSchema, rest)).toEqual([{ path: 'name', message: 'Name is required' }]);
  });

  it('requires an email and refuses an invalid one', () => {
    expect(issuesOf(registerSchema, { ...validRegistration, email: '' })).toEqual([
      { path: 'email', message: 'Email is required' },
    ]);
    expect(issuesOf(registerSchema, { ...validRegistration, email: 'jane.example.org' })).toEqual([
      { path: 'email', message: 'Please enter a valid email address' },
    ]);
  });

  it("makes phone optional: '' becomes null, missing stays undefined", () => {
    expect(registerSchema.parse({ ...validRegistration, phone: '' }).phone).toBeNull();
    expect(registerSchema.parse(validRegistration).phone).toBeUndefined();
    expect(registerSchema.parse({ ...validRegistration, phone: ' 555-0100 ' }).phone).toBe('555-0100');
  });

  it('keeps emailConsent and isAdmin when given', () => {
    const parsed = registerSchema.parse({ ...validRegistration, emailConsent: true, isAdmin: true });
    expect(parsed.emailConsent).toBe(true);
    expect(parsed.isAdmin).toBe(true);
  });
});

describe('loginSchema', () => {
  it('trims and lower-cases the email', () => {
    expect(loginSchema.parse({ email: ' Jane@Example.ORG ', password: 'x' })).toEqual({
      email: 'jane@example.org',
      password: 'x',
    });
  });

  it('needs a valid email', () => {
    expect(issuesOf(loginSchema, { email: 'jane', password: 'x' })).toEqual([
      { path: 'email', message: 'Please enter a valid email address' },
    ]);
  });

  it('needs a password of at least 1 character', () => {
    expect(issuesOf(loginSchema, { email: 'jane@example.org', password: '' })).toEqual([
      { path: 'password', message: 'Password is required' },
    ]);
    expect(issuesOf(loginSchema, { email: 'jane@example.org', password: 'a' })).toEqual([]);
  });
});

describe('changePasswordSchema', () => {
  const valid = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };

  it('accepts a valid change', () => {
    expect(changePasswordSchema.parse(valid)).toEqual(valid);
  });

  it("refuses a missing or empty current password with 'Current password is required'", () => {
    expect(issuesOf(changePasswordSchema, { ...valid, currentPassword: '' })).toEqual([
      { path: 'currentPassword', message: 'Current password is required' },
    ]);
    const { currentPassword: _c, ...rest } = valid;
    expect(issuesOf(changePasswordSchema, rest)).toEqual([
      { path: 'currentPassword', message: 'Current password is required' },
    ]);
  });

  it("refuses a short new password with 'New password must be at least 6 characters'", () => {
    expect(issuesOf(changePasswordSchema, { ...valid, newPassword: 'abc12', confirmPassword: 'abc12' })).toEqual([
      { path: 'newPassword', message: 'New password must be at least 6 characters' },
    ]);
  });

  it("refuses a missing confirmation with 'Please confirm your new password'", () => {
    // An empty confirmation also differs from the new password; the required message comes first,
    // which is the one a form shows for the field.
    expect(issuesOf(changePasswordSchema, { ...valid, confirmPassword: '' })[0]).toEqual({
      path: 'confirmPassword',
      message: 'Please confirm your new password',
    });
    const { confirmPassword: _p, ...rest } = valid;
    expect(issuesOf(changePasswordSchema, rest)).toEqual([
      { path: 'confirmPassword', message: 'Please confirm your new password' },
    ]);
  });

  it('refuses a confirmation that differs with "New passwords don\'t match" on confirmPassword', () => {
    expect(issuesOf(changePasswordSchema, { ...valid, confirmPassword: 'new-secreT' })).toEqual([
      { path: 'confirmPassword', message: "New passwords don't match" },
    ]);
  });

  it("refuses a new password equal to the current one with 'New password must be different from current password'", () => {
    expect(
      issuesOf(changePasswordSchema, {
        currentPassword: 'same-secret',
        newPassword: 'same-secret',
        confirmPassword: 'same-secret',
      }),
    ).toEqual([{ path: 'newPassword', message: 'New password must be different from current password' }]);
  });

  it('reports every message for an empty form', () => {
    expect(issuesOf(changePasswordSchema, {})).toEqual([
      { path: 'currentPassword', message: 'Current password is required' },
      { path: 'newPassword', message: 'New password must be at least 6 characters' },
      { path: 'confirmPassword', message: 'Please confirm your new password' },
    ]);
  });
});

describe('accountUpdateSchema', () => {
  const valid = { name: 'Jane Doe', email: 'jane@example.org' };

  it("refuses a blank name with 'Name is required'", () => {
    expect(issuesOf(accountUpdateSchema, { ...valid, name: ' ' })).toEqual([
      { path: 'name', message: 'Name is required' },
    ]);
  });

  it("refuses an invalid email with 'Please enter a valid email address'", () => {
    expect(issuesOf(accountUpdateSchema, { ...valid, email: 'not-an-email' })).toEqual([
      { path: 'email', message: 'Please enter a valid email address' },
    ]);
    // A field left out is left as it is (`{ language }` alone is an edit).
    expect(issuesOf(accountUpdateSchema, { name: 'Jane' })).toEqual([]);
    expect(issuesOf(accountUpdateSchema, { language: 'pa' })).toEqual([]);
    expect(issuesOf(accountUpdateSchema, { name: '' })).toEqual([{ path: 'name', message: 'Name is required' }]);
  });

  it('lower-cases the email; phone and emailConsent are optional', () => {
    const parsed = accountUpdateSchema.parse({ name: ' Jane ', email: 'JANE@EXAMPLE.ORG' });
    expect(parsed).toEqual({ name: 'Jane', email: 'jane@example.org' });
    expect(parsed.phone).toBeUndefined();
    expect(parsed.emailConsent).toBeUndefined();
    expect(accountUpdateSchema.parse({ ...valid, phone: '' }).phone).toBeNull();
  });
});
