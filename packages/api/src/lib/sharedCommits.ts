import type { Db } from '@pac/db';
import type { ServiceContext } from '../context';
import { RuntimeKey } from '../runtime';

/**
 * How soon a commit must be on disk. 'full': before its promise settles (`synchronous = FULL`, an
 * fsync per commit). 'deferred': with the next full commit or checkpoint (`synchronous = NORMAL`;
 * WAL keeps the database whole either way, and only the last deferred commits can be lost, in a
 * power failure). For writes that the next run of the same work would make again.
 */
export type Durability = 'full' | 'deferred';

type QueuedWrite = {
  write: () => unknown;
  durability: Durability;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};
type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Commits writes that arrive close together in one transaction. Each write still succeeds or fails
 * on its own (a savepoint each: its own statements are rolled back when it throws), but they share
 * the commit, and so the fsync that `synchronous = FULL` makes of every commit (during which the
 * event loop stands still). A write waits at most for the rest of this turn of the event loop
 * (everything the server read off its sockets in this turn joins it); its promise settles only once
 * the commit is on disk, or the write was rolled back. A write alone in its turn is committed on
 * its own, as a plain transaction. A commit whose writes are all 'deferred' skips the fsync.
 */
export class SharedCommits {
  private queue: QueuedWrite[] = [];
  private readonly each: (write: () => unknown) => unknown;
  private readonly commit: (batch: readonly QueuedWrite[]) => Settled[];
  /** The connection's own `synchronous` setting (packages/db: FULL), put back after a deferred commit. */
  private readonly synchronous: number;

  constructor(private readonly client: Db['$client']) {
    this.synchronous = Number(client.pragma('synchronous', { simple: true }));
    // better-sqlite3 makes a transaction called inside another one a savepoint.
    this.each = client.transaction((write: () => unknown) => write());
    const each = this.each;
    this.commit = client.transaction((batch: readonly QueuedWrite[]) =>
      batch.map((queued): Settled => {
        try {
          return { ok: true, value: each(queued.write) };
        } catch (error) {
          // Some failures make SQLite roll back the whole transaction, not only this write's
          // savepoint (a full disk: SQLITE_FULL). Then the writes before this one are undone too,
          // and the ones after it must not run outside any transaction: the whole batch fails
          // with this error, and nothing of it stays.
          if (!client.inTransaction) throw error;
          return { ok: false, error };
        }
      }),
    );
  }

  /** Runs `write` (synchronous database work) in the next shared transaction. */
  run<T>(write: () => T, durability: Durability = 'full'): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.flush());
      this.queue.push({ write, durability, resolve: (value) => resolve(value as T), reject });
    });
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    if (batch.some((queued) => queued.durability === 'full')) {
      this.commitBatch(batch);
      return;
    }
    // NORMAL = 1. The connection's own setting is back before anything else can commit on it.
    this.client.pragma('synchronous = 1');
    try {
      this.commitBatch(batch);
    } finally {
      this.client.pragma(`synchronous = ${this.synchronous}`);
    }
  }

  private commitBatch(batch: QueuedWrite[]): void {
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
 * that arrive in one turn of the event loop are made durable by one fsync ('deferred': by the next one).
 */
export function commitTogether<T>(
  ctx: Pick<ServiceContext, 'runtime'>,
  write: () => T,
  durability: Durability = 'full',
): Promise<T> {
  return ctx.runtime.state(sharedCommitsKey, (db) => new SharedCommits(db.$client)).run(write, durability);
}
