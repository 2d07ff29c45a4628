import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { refuse } from './errors';

const argonOptions = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, argonOptions);
}

/** Checks a password against its stored hash; no hash (no such account) is never a match. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) return false;
  return argon2.verify(hash, password).catch(() => false);
}

/**
 * Runs argon2 work through a queue of bounded concurrency: each hash takes ~19 MB and tens of
 * milliseconds of a core, so a burst of logins or registrations waits its turn instead of hashing
 * all at once and pinning the CPU (and the memory) of a small box. A queue longer than `maxWaiting`
 * refuses new work with 429 rather than growing without end.
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  // Verified when the account does not exist, so that a login for an unknown email takes as
  // long as one with a wrong password and timing reveals nothing.
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly concurrency = 2,
    private readonly maxWaiting = 64,
  ) {}

  private async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        throw refuse('TOO_MANY_REQUESTS', /*i18n*/ 'The server is busy. Please try again in a moment.', {
          reason: 'serverBusy',
        });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next job, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  hash(password: string): Promise<string> {
    return this.run(() => hashPassword(password));
  }

  /** Checks a password; a null hash (no such account) still costs one verification. */
  verify(hash: string | null, password: string): Promise<boolean> {
    return this.run(async () => {
      if (hash !== null) return verifyPassword(hash, password);
      this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verifyPassword(await this.dummyHash, password);
      return false;
    });
  }

  /** Jobs running or waiting now. */
  get load(): number {
    return this.running + this.waiting.length;
  }
}
