import { describe, expect, it } from 'vitest';
import {
  forgetSignups,
  manageLink,
  parseSignupMemory,
  readSignupMemory,
  rememberedOnSheet,
  rememberedSignupLimit,
  type RememberedSignup,
  rememberSignups,
  signupMemoryKey,
  updateRememberedDetails,
  updateRememberedSignup,
} from './signupMemory';

const details = { name: 'Jamie Rivera', email: 'jamie@example.org', phone: '555-0142', emailConsent: false };
const signup = (volunteerId: number, extra: Partial<RememberedSignup> = {}): RememberedSignup => ({
  volunteerId,
  slotId: 1,
  sheetId: 9,
  token: `${volunteerId}-token`,
  status: 'confirmed',
  savedAt: 1_000,
  ...extra,
});

describe('parseSignupMemory: tolerant of whatever localStorage holds', () => {
  it.each([
    ['nothing stored', null],
    ['not JSON', '{"signups": ['],
    ['JSON that is not an object', '"hello"'],
    ['null', 'null'],
    ['another shape', '{"items": [1, 2]}'],
  ])('reads %s as nothing remembered', (_what, raw) => {
    expect(parseSignupMemory(raw)).toEqual({ signups: [], details: null });
  });

  it('keeps the sound entries and drops the broken ones', () => {
    const raw = JSON.stringify({
      signups: [signup(1), { ...signup(2), token: 42 }, 'junk', { ...signup(3), status: 'maybe' }, signup(4)],
      details: { ...details, emailConsent: 'yes' },
    });
    const memory = parseSignupMemory(raw);
    expect(memory.signups.map((s) => s.volunteerId)).toEqual([1, 4]);
    expect(memory.details).toBeNull();
  });
});

describe('remembering signups in localStorage', () => {
  it('remembers signups and details under a versioned key, and reads them back', () => {
    rememberSignups([{ volunteerId: 5, slotId: 2, sheetId: 9, token: 't5', status: 'waitlisted' }], details, 2_000);
    expect(signupMemoryKey).toMatch(/v1$/);
    expect(JSON.parse(localStorage.getItem(signupMemoryKey) ?? '')).toEqual({
      signups: [{ volunteerId: 5, slotId: 2, sheetId: 9, token: 't5', status: 'waitlisted', savedAt: 2_000 }],
      details,
    });
    expect(readSignupMemory().details).toEqual(details);
    // The same object while nothing changed (React's external store needs that).
    expect(readSignupMemory()).toBe(readSignupMemory());
  });

  it('replaces a signup remembered again, keeps the details without new ones, and keeps the newest few', () => {
    rememberSignups([{ volunteerId: 1, slotId: 1, sheetId: 9, token: 'a', status: 'waitlisted' }], details);
    rememberSignups([{ volunteerId: 1, slotId: 1, sheetId: 9, token: 'a', status: 'confirmed' }]);
    expect(readSignupMemory().signups.map((s) => s.status)).toEqual(['confirmed']);
    expect(readSignupMemory().details).toEqual(details);
    const many = Array.from({ length: rememberedSignupLimit + 5 }, (_, i) => ({
      volunteerId: i + 10,
      slotId: 1,
      sheetId: 9,
      token: `t${i}`,
      status: 'confirmed' as const,
    }));
    rememberSignups(many);
    const kept = readSignupMemory().signups;
    expect(kept).toHaveLength(rememberedSignupLimit);
    expect(kept.at(-1)?.volunteerId).toBe(rememberedSignupLimit + 14);
  });

  it('forgets signups, follows a move, and corrects the details', () => {
    rememberSignups(
      [
        { volunteerId: 1, slotId: 1, sheetId: 9, token: 'a', status: 'confirmed' },
        { volunteerId: 2, slotId: 1, sheetId: 9, token: 'b', status: 'waitlisted' },
      ],
      details,
    );
    updateRememberedSignup(2, { slotId: 3, status: 'confirmed' });
    forgetSignups([1]);
    updateRememberedDetails({ name: 'Jamie Rivera-Lee' });
    const memory = readSignupMemory();
    expect(memory.signups.map((s) => [s.volunteerId, s.slotId, s.status])).toEqual([[2, 3, 'confirmed']]);
    expect(memory.details?.name).toBe('Jamie Rivera-Lee');
  });

  it('starts afresh over corrupt data', () => {
    localStorage.setItem(signupMemoryKey, '}{');
    expect(readSignupMemory()).toEqual({ signups: [], details: null });
    rememberSignups([{ volunteerId: 1, slotId: 1, sheetId: 9, token: 'a', status: 'confirmed' }]);
    expect(readSignupMemory().signups).toHaveLength(1);
  });

  it('escapes the token in the manage link', () => {
    expect(manageLink('12-ab_c')).toBe('/my-signup?token=12-ab_c');
    expect(manageLink('a&b')).toBe('/my-signup?token=a%26b');
  });
});

describe('rememberedOnSheet', () => {
  const volunteer = (id: number, extra: { status?: 'confirmed' | 'waitlisted'; isMine?: boolean } = {}) => ({
    id,
    status: extra.status ?? ('confirmed' as const),
    isMine: extra.isMine ?? false,
  });
  const sheet = {
    id: 9,
    slots: [
      { id: 1, waitlistCount: 0, volunteers: [volunteer(1), volunteer(2, { isMine: true })] },
      { id: 2, waitlistCount: 1, volunteers: [volunteer(3)] },
      { id: 3, waitlistCount: 0, volunteers: [] },
    ],
  };

  it('shows a signup the sheet still lists, in the slot it is in now', () => {
    const { bySlot, gone } = rememberedOnSheet([signup(1), signup(3, { slotId: 1 })], sheet, 5_000);
    expect(bySlot.get(1)).toEqual([{ volunteerId: 1, token: '1-token', status: 'confirmed' }]);
    // Moved to slot 2 from its manage page.
    expect(bySlot.get(2)).toEqual([{ volunteerId: 3, token: '3-token', status: 'confirmed' }]);
    expect(gone).toEqual([]);
  });

  it('leaves signups of other sheets, and those the account already shows as its own, alone', () => {
    const { bySlot, gone } = rememberedOnSheet([signup(1, { sheetId: 8 }), signup(2)], sheet, 5_000);
    expect(bySlot.size).toBe(0);
    expect(gone).toEqual([]);
  });

  it('finds gone a signup no slot lists any more, once the sheet was read after it was remembered', () => {
    expect(rememberedOnSheet([signup(7, { savedAt: 1_000 })], sheet, 5_000).gone).toEqual([7]);
    // Remembered after the sheet was read: the next read will list it.
    const fresh = rememberedOnSheet([signup(7, { savedAt: 6_000 })], sheet, 5_000);
    expect(fresh.gone).toEqual([]);
    expect(fresh.bySlot.size).toBe(0);
  });

  it('keeps a waitlisted signup while its slot has a waitlist (visitors see the count, not the names)', () => {
    const waiting = signup(8, { slotId: 2, status: 'waitlisted' });
    expect(rememberedOnSheet([waiting], sheet, 5_000).bySlot.get(2)).toEqual([
      { volunteerId: 8, token: '8-token', status: 'waitlisted' },
    ]);
    expect(rememberedOnSheet([{ ...waiting, slotId: 3 }], sheet, 5_000).gone).toEqual([8]);
  });

  it('shows a waitlisted signup that was promoted as signed up', () => {
    const { bySlot } = rememberedOnSheet([signup(1, { status: 'waitlisted' })], sheet, 5_000);
    expect(bySlot.get(1)?.[0]?.status).toBe('confirmed');
  });
});
