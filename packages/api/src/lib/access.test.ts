import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../context';
import { assertOwnerOrAdmin, isAdmin, isOwnerOrAdmin } from './access';

const user = (id: number, admin = false): SessionUser => ({
  id,
  email: `u${id}@example.org`,
  name: `User ${id}`,
  phone: null,
  role: admin ? 'admin' : 'member',
  isAdmin: admin,
  emailVerified: true,
  emailConsent: false,
  language: null,
  createdAt: new Date('2029-01-01T00:00:00Z'),
  lastLoginAt: null,
});

describe('ownership', () => {
  it('lets the owner and any admin through, and nobody else', () => {
    expect(isOwnerOrAdmin(user(1), 1)).toBe(true);
    expect(isOwnerOrAdmin(user(2, true), 1)).toBe(true);
    expect(isOwnerOrAdmin(user(2), 1)).toBe(false);
    expect(isOwnerOrAdmin(null, 1)).toBe(false);
  });

  it('never treats a row without an owner (an anonymous signup) as anyone’s but an admin’s', () => {
    expect(isOwnerOrAdmin(user(1), null)).toBe(false);
    expect(isOwnerOrAdmin(user(1, true), null)).toBe(true);
  });

  it('refuses with FORBIDDEN and the caller’s sentence', () => {
    const refusal = { reason: 'notYourSignup' };
    expect(() => assertOwnerOrAdmin(user(2), 1, 'You can only change your own signups', refusal)).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN', message: 'You can only change your own signups' }),
    );
    expect(() => assertOwnerOrAdmin(user(2), 1, 'You can only change your own signups', refusal)).toThrow(
      expect.objectContaining({ reason: 'notYourSignup', field: undefined }),
    );
    expect(() => assertOwnerOrAdmin(user(1), 1, 'unused', refusal)).not.toThrow();
  });

  it('knows an admin only by the account flag', () => {
    expect(isAdmin(user(1, true))).toBe(true);
    expect(isAdmin(user(1))).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
