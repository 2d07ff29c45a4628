import type { Volunteer } from '@pac/db';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../context';
import { publicName, viewVolunteer } from './service';

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
  };
  const sessionUser = (id: number, isAdmin: boolean): SessionUser => ({
    id,
    email: `u${id}@example.org`,
    name: `User ${id}`,
    phone: null,
    isAdmin,
    emailVerified: true,
    emailConsent: false,
    createdAt: new Date('2029-01-01T00:00:00Z'),
    lastLoginAt: null,
  });

  it('shows anonymous viewers and other users only the public fields', () => {
    const publicView = { id: 7, slotId: 3, name: 'Jane D.', signupTime: volunteer.signupTime, isMine: false };
    expect(viewVolunteer(volunteer, null)).toEqual(publicView);
    expect(viewVolunteer(volunteer, sessionUser(12, false))).toEqual(publicView);
  });

  it('shows the owner everything with isMine true, and an admin everything with isMine false', () => {
    expect(viewVolunteer(volunteer, sessionUser(11, false))).toEqual({ ...volunteer, isMine: true });
    expect(viewVolunteer(volunteer, sessionUser(12, true))).toEqual({ ...volunteer, isMine: false });
  });

  it('does not treat an anonymous signup (userId null) as anyone’s own', () => {
    const anon = { ...volunteer, userId: null };
    expect(viewVolunteer(anon, sessionUser(11, false)).isMine).toBe(false);
    expect(viewVolunteer(anon, sessionUser(11, false))).not.toHaveProperty('email');
  });
});
