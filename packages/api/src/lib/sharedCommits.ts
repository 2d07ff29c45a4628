import type { Db } from '@pac/db';
import type { ServiceContext } from '../context';
import { RuntimeKey } from '../runtime';

type QueuedWrite = { write: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Commits writes that arrive close together in one transaction. Each write still succeeds or fails
 * on its own (a savepoint each: its own statements are rolled back when it throws), but they share
 * the commit, and so the fsync that `synchronous = FULL` makes of every commit (during which the
 * event loop stands still). A write waits at most for the rest of this turn of the event loop
 * (everything the server read off its sockets in this turn joins it); its promise settles only once
 * the commit is on disk, or the write was rolled back. A write alone in its turn is committed on
 * its own, as a plain transaction.
 */
export class SharedCommits {
  private queue: QueuedWrite[] = [];
  private readonly each: (write: () => unknown) => unknown;
  private readonly commit: (batch: readonly QueuedWrite[]) => Settled[];

  constructor(client: Db['$client']) {
    // better-sqlite3 makes a transaction called inside another one a savepoint.
    this.each = client.transaction((write: () => unknown) => write());
    const each = this.each;
    this.commit = client.transaction((batch: readonly QueuedWrite[]) =>
      batch.map((queued): Settled => {
        try {
          return { ok: true, value: each(queued.write) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
  }

  /** Runs `write` (synchronous database work) in the next shared transaction. */
  run<T>(write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.flush());
      this.queue.push({ write, resolve: (value) => resolve(value as T), reject });
    });
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    const only = batch.length === 1 ? batch[0] : undefined;
    if (only) {
      // No savepoint needed: the write's own transaction is the commit.
      let value: unknown;
      try {
        value = this.each(only.write);
      } catch (error) {
        only.reject(error);
        return;
      }
      only.resolve(value);
      return;
    }
    let settled: Settled[];
    try {
      settled = this.commit(batch);
    } catch (error) {
      for (const queued of batch) queued.reject(error);
      return;
    }
    batch.forEach((queued, i) => {
      const result = settled[i];
      if (result?.ok === true) queued.resolve(result.value);
      else queued.reject(result?.ok === false ? result.error : new Error('The write was not committed'));
    });
  }
}

const sharedCommitsKey = new RuntimeKey<SharedCommits>('shared commits');

/**
 * Runs `write` in the database's next shared commit (see SharedCommits): signups and monitor checks
 * that arrive in one turn of the event loop are made durable by one fsync.
 */
export function commitTogether<T>(ctx: Pick<ServiceContext, 'runtime'>, write: () => T): Promise<T> {
  return ctx.runtime.state(sharedCommitsKey, (db) => new SharedCommits(db.$client)).run(write);
}
