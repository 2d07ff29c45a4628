import { describe, expect, it } from 'vitest';
import { currentUserKey, parseStoredUser, readStoredUser, userHeaders, writeStoredUser } from './storedUser';

describe('parseStoredUser', () => {
  it('reads a stored user', () => {
    expect(parseStoredUser('{"id":3,"name":"Jane Doe","isAdmin":false}')).toEqual({
      id: 3,
      name: 'Jane Doe',
      isAdmin: false,
    });
  });

  it('answers null when nothing is stored', () => {
    expect(parseStoredUser(null)).toBeNull();
  });

  it.each([
    '{not json',
    '"jane"',
    'null',
    '{"id":"3","name":"Jane","isAdmin":false}',
    '{"id":3,"name":"Jane"}',
    '{"id":0,"name":"x","isAdmin":true}',
  ])('calls %s corrupt', (raw) => {
    expect(parseStoredUser(raw)).toBe('corrupt');
  });
});

describe('stored user', () => {
  it('keeps only id, name and isAdmin', () => {
    const user = { id: 7, name: 'Pat', isAdmin: true, email: 'pat@example.org' };
    writeStoredUser(user);
    expect(JSON.parse(localStorage.getItem(currentUserKey) ?? 'null')).toEqual({ id: 7, name: 'Pat', isAdmin: true });
    expect(readStoredUser()).toEqual({ id: 7, name: 'Pat', isAdmin: true });
  });

  it('removes a corrupt entry when reading it', () => {
    localStorage.setItem(currentUserKey, '{oops');
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem(currentUserKey)).toBeNull();
  });

  it('is removed by writing null', () => {
    writeStoredUser({ id: 1, name: 'A', isAdmin: false });
    writeStoredUser(null);
    expect(localStorage.getItem(currentUserKey)).toBeNull();
  });

  it('sends X-User-ID only while a user is stored', () => {
    expect(userHeaders()).toEqual({});
    writeStoredUser({ id: 42, name: 'A', isAdmin: false });
    expect(userHeaders()).toEqual({ 'X-User-ID': '42' });
  });
});
