import { describe, expect, it } from 'vitest';
import { PasswordHasher } from './passwords';

describe('PasswordHasher', () => {
  it('runs at most `concurrency` argon2 jobs at once; the rest wait their turn', async () => {
    const hasher = new PasswordHasher(2, 100);
    const hashes = Array.from({ length: 6 }, (_, i) => hasher.hash(`password-${i}`));
    // All six were accepted; two run and four wait.
    expect(hasher.load).toBe(6);
    const done = await Promise.all(hashes);
    expect(hasher.load).toBe(0);
    expect(await hasher.verify(done[3] ?? null, 'password-3')).toBe(true);
    expect(await hasher.verify(done[3] ?? null, 'password-4')).toBe(false);
    expect(await hasher.verify(null, 'anything')).toBe(false);
  });

  it('refuses new work with TOO_MANY_REQUESTS when the queue is full, and recovers', async () => {
    const hasher = new PasswordHasher(1, 2);
    const accepted = [hasher.hash('a-pass'), hasher.hash('b-pass'), hasher.hash('c-pass')];
    await expect(hasher.hash('d-pass')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await Promise.all(accepted);
    await expect(hasher.hash('e-pass')).resolves.toMatch(/^\$argon2id\$/);
  });
});
