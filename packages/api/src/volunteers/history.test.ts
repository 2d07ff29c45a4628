import type { Volunteer } from '@pac/db';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../context';
import { publicName, viewVolunteer } from './history';

describe('publicName', () => {
  it.each([
    ['Jane Doe', 'Jane D.'],
    ['Jane', 'Jane'],
    ['  Jane   Doe  ', 'Jane D.'],
    ['jane doe', 'jane D.'],
    ['Mary Ann Smith', 'Mary S.'],
    ['Jean-Luc van der Berg', 'Jean-Luc B.'],
    ['Émile Ångström', 'Émile Å.'],
    ['Jane\tDoe', 'Jane D.'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (name, expected) => {
    expect(publicName(name)).toBe(expected);
  });

  it('never reveals the full last name', () => {
    expect(publicName('Alexandra Konstantinopoulos')).not.toContain('Konstantinopoulos');
  });
});

describe('viewVolunteer', () => {
  const volunteer: Volunteer = {
    id: 7,
    slotId: 3,
    userId: 11,
    name: 'Jane Doe',
    email: 'jane@example.org',
    phone: '555-0100',
    notes: 'Allergic to cats',
    signupTime: new Date('2030-01-01T00:00:00Z'),
    emailConsent: true,
    status: 'confirmed',
    attended: null,
    checkedInAt: null,
    quantity: 1,
    answers: {},
    erasedAt: null,
    language: 'en',
  };
  const sessionUser = (id: number, isAdmin: boolean): SessionUser => ({
    id,
    email: `u${id}@example.org`,
    name: `User ${id}`,
    phone: null,
    role: isAdmin ? 'admin' : 'member',
    isAdmin,
    emailVerified: true,
    emailConsent: false,
    language: null,
    createdAt: new Date('2029-01-01T00:00:00Z'),
    lastLoginAt: null,
  });

  const {
    checkedInAt: _checkedInAt,
    attended: _attended,
    erasedAt: _erasedAt,
    language: _language,
    ...contactView
  } = volunteer;

  it('shows anonymous viewers and other users only the public fields', () => {
    const publicView = {
      id: 7,
      slotId: 3,
      name: 'Jane D.',
      signupTime: volunteer.signupTime,
      status: 'confirmed',
      isMine: false,
      quantity: 1,
    };
    expect(viewVolunteer(volunteer, null, false)).toEqual(publicView);
    expect(viewVolunteer(volunteer, sessionUser(12, false), false)).toEqual(publicView);
  });

  it('shows the volunteer everything but the check-in, and whoever runs the sheet everything', () => {
    expect(viewVolunteer(volunteer, sessionUser(11, false), false)).toEqual({ ...contactView, isMine: true });
    expect(viewVolunteer(volunteer, sessionUser(12, true), true)).toEqual({
      ...contactView,
      attended: null,
      isMine: false,
    });
  });

  it('does not treat an anonymous signup (userId null) as anyone’s own', () => {
    const anon = { ...volunteer, userId: null };
    expect(viewVolunteer(anon, sessionUser(11, false), false).isMine).toBe(false);
    expect(viewVolunteer(anon, sessionUser(11, false), false)).not.toHaveProperty('email');
  });
});
