import { openDatabase } from '@pac/db';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/db';
import { SharedCommits } from './sharedCommits';

const test = createTestDb();
// A second connection to the same file: it sees only what has been committed.
const reader = openDatabase(test.path);
afterAll(() => {
  reader.close();
  test.cleanup();
});

const client = test.db.$client;
client.exec('CREATE TABLE shared_commit_rows (name TEXT NOT NULL)');
const insert = client.prepare<[string]>('INSERT INTO shared_commit_rows (name) VALUES (?)');
const committed = () =>
  (reader.sqlite.prepare('SELECT name FROM shared_commit_rows ORDER BY rowid').all() as { name: string }[]).map(
    (r) => r.name,
  );
const seenHere = () =>
  (client.prepare('SELECT name FROM shared_commit_rows ORDER BY rowid').all() as { name: string }[]).map((r) => r.name);

describe('SharedCommits', () => {
  it('commits the writes of one turn together, each succeeding or failing on its own, and settles after the commit', async () => {
    client.exec('DELETE FROM shared_commit_rows');
    const commits = new SharedCommits(client);
    const during: { here: string[]; committed: string[]; inTransaction: boolean }[] = [];
    const write = (name: string, fail = false) =>
      commits.run(() => {
        insert.run(name);
        during.push({ here: seenHere(), committed: committed(), inTransaction: client.inTransaction });
        if (fail) throw new Error(`${name} refused`);
        return name;
      });

    const first = write('first');
    const second = write('second', true);
    const third = write('third');
    // Nothing runs before the turn ends.
    expect(during).toEqual([]);
    const settled = await Promise.allSettled([first, second, third]);

    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      'first',
      'second refused',
      'third',
    ]);
    // One transaction: the third write sees the first one's row, which no other connection saw yet.
    expect(during).toEqual([
      { here: ['first'], committed: [], inTransaction: true },
      { here: ['first', 'second'], committed: [], inTransaction: true },
      { here: ['first', 'third'], committed: [], inTransaction: true },
    ]);
    // The refused write's row was rolled back alone; the others are on disk once their promises settle.
    expect(committed()).toEqual(['first', 'third']);
  });

  it('commits a write alone in its turn as its own transaction, and rolls it back when it throws', async () => {
    client.exec('DELETE FROM shared_commit_rows');
    const commits = new SharedCommits(client);
    await expect(
      commits.run(() => {
        insert.run('lonely');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(committed()).toEqual([]);
    await expect(commits.run(() => insert.run('kept').changes)).resolves.toBe(1);
    expect(committed()).toEqual(['kept']);
    expect(client.inTransaction).toBe(false);
  });

  it("skips the fsync only for a commit whose writes are all 'deferred', and puts FULL back after it", async () => {
    const commits = new SharedCommits(client);
    // PRAGMA synchronous as each write sees it, inside its transaction: 2 is FULL, 1 is NORMAL.
    const synchronous = () => Number(client.pragma('synchronous', { simple: true }));
    expect(synchronous()).toBe(2);

    const alone = await commits.run(synchronous, 'deferred');
    const together = await Promise.all([commits.run(synchronous, 'deferred'), commits.run(synchronous, 'deferred')]);
    // One write that must be durable makes the whole shared commit durable.
    const mixed = await Promise.all([commits.run(synchronous, 'deferred'), commits.run(synchronous)]);
    const full = await commits.run(synchronous);
    expect({ alone, together, mixed, full }).toEqual({ alone: 1, together: [1, 1], mixed: [2, 2], full: 2 });
    expect(synchronous()).toBe(2);

    // A deferred commit that fails puts FULL back too, and its row is not kept.
    await expect(
      commits.run(() => {
        insert.run('deferred and refused');
        throw new Error('refused');
      }, 'deferred'),
    ).rejects.toThrow('refused');
    expect(synchronous()).toBe(2);
    expect(committed()).not.toContain('deferred and refused');
    // A deferred commit is seen by other connections at once: only its fsync waits.
    await commits.run(() => insert.run('deferred row'), 'deferred');
    expect(committed()).toContain('deferred row');
  });
});
