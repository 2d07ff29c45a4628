import { cannotWrite, openDatabase } from '@pac/db';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/db';
import { cannotSaveRefusal, errorDetails, Refusal } from './errors';
import { SharedCommits } from './sharedCommits';

// A full disk is SQLite's max_page_count on the connection: a write that needs a new page past it
// fails with SQLITE_FULL, as it does when the disk has no space left.

const test = createTestDb();
// A second connection to the same file: it sees only what has been committed.
const reader = openDatabase(test.path);
afterAll(() => {
  reader.close();
  test.cleanup();
});

const client = test.db.$client;
client.exec('CREATE TABLE disk_full_rows (name TEXT NOT NULL, body TEXT NOT NULL)');
const insert = client.prepare<[string, string]>('INSERT INTO disk_full_rows (name, body) VALUES (?, ?)');
const committed = () =>
  (reader.sqlite.prepare('SELECT name FROM disk_full_rows ORDER BY rowid').all() as { name: string }[]).map(
    (r) => r.name,
  );

/** No page more than the database has now. */
const full = () => client.pragma(`max_page_count = ${Number(client.pragma('page_count', { simple: true }))}`);
afterEach(() => {
  client.pragma('max_page_count = 4294967294');
  client.exec('DELETE FROM disk_full_rows');
});

/** SQLite's own failure of a write that a full database refuses. */
function fullDiskError(): unknown {
  full();
  try {
    insert.run('refused', 'x'.repeat(20_000));
  } catch (error) {
    return error;
  } finally {
    client.pragma('max_page_count = 4294967294');
  }
  throw new Error('the write was not refused');
}

describe('cannotSaveRefusal', () => {
  it('answers a write the disk refused with 503, the sentence and the reason databaseReadOnly', () => {
    const failure = fullDiskError();
    for (const error of [
      failure,
      // As tRPC hands a procedure's unexpected throw to its middlewares.
      new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: failure }),
    ]) {
      const refusal = cannotSaveRefusal(error);
      expect(refusal).toBeInstanceOf(Refusal);
      expect(refusal?.code).toBe('SERVICE_UNAVAILABLE');
      expect(refusal?.message).toBe('The server cannot save changes right now. Please try again later.');
      expect(refusal && errorDetails(refusal)).toEqual({ reason: 'databaseReadOnly' });
      expect(refusal && getHTTPStatusCodeFromError(refusal)).toBe(503);
      // SQLite's own failure stays underneath, for the log.
      expect(refusal?.cause).toBe(failure);
    }
    const refusal = cannotSaveRefusal(failure);
    expect(cannotSaveRefusal(refusal)).toBe(refusal);
  });

  it('is null for any other failure', () => {
    expect(cannotSaveRefusal(new Error('boom'))).toBeNull();
    let constraint: unknown;
    try {
      client.exec('INSERT INTO disk_full_rows (name) VALUES (NULL)');
    } catch (error) {
      constraint = error;
    }
    expect(constraint).toMatchObject({ code: 'SQLITE_CONSTRAINT_NOTNULL' });
    expect(cannotSaveRefusal(constraint)).toBeNull();
    expect(cannotSaveRefusal(new TRPCError({ code: 'CONFLICT', message: 'full' }))).toBeNull();
  });
});

describe('SharedCommits when the disk is full', () => {
  it("fails the whole shared commit with SQLite's error when SQLite rolled it back, runs none of the writes after it, and keeps nothing of it", async () => {
    const commits = new SharedCommits(client);
    const ran: string[] = [];
    const write = (name: string, size: number) =>
      commits.run(() => {
        ran.push(name);
        insert.run(name, 'x'.repeat(size));
        return name;
      });
    full();
    const settled = await Promise.allSettled([write('fits', 10), write('needs pages', 20_000), write('after', 10)]);

    // SQLite rolls the whole transaction back on SQLITE_FULL, not only the write's savepoint: the
    // first write is undone with it, and the third would have run outside any transaction.
    expect(ran).toEqual(['fits', 'needs pages']);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const s of settled) expect(cannotWrite(s.status === 'rejected' ? s.reason : null)?.code).toBe('SQLITE_FULL');
    expect(committed()).toEqual([]);
    expect(client.inTransaction).toBe(false);

    // Once there is space, the same writes commit together.
    client.pragma('max_page_count = 4294967294');
    ran.length = 0;
    expect(await Promise.all([write('fits', 10), write('needs pages', 20_000), write('after', 10)])).toEqual([
      'fits',
      'needs pages',
      'after',
    ]);
    expect(committed()).toEqual(['fits', 'needs pages', 'after']);
  });

  it('still fails a write alone when SQLite rolled back only its own savepoint', async () => {
    const commits = new SharedCommits(client);
    const settled = await Promise.allSettled([
      commits.run(() => insert.run('kept', 'k')),
      commits.run(() => {
        insert.run('refused', 'r');
        throw new Error('refused on purpose');
      }),
      commits.run(() => insert.run('also kept', 'k')),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committed()).toEqual(['kept', 'also kept']);
  });
});
