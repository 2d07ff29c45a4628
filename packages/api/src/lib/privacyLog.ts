import { type Executor, type PrivacyAction, privacyLog, users } from '@pac/db';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../context';

/**
 * Writes one line of the privacy log (GET /api/privacy/log): who searched for a person's data,
 * erased it, or exported the volunteers CSV, and what it came to. Never the person's address: the
 * log must not keep what an erasure removed.
 */
export function logPrivacy(
  db: Executor,
  actor: Pick<SessionUser, 'name'> & { id: number | null },
  action: PrivacyAction,
  detail: string,
  at: Date,
): void {
  // Linked while the account exists (null once it does not: an admin may have erased their own).
  const actorId =
    actor.id === null ? null : sql<number | null>`(select ${users.id} from ${users} where ${users.id} = ${actor.id})`;
  db.insert(privacyLog).values({ action, actorId, actorName: actor.name, detail, at }).run();
}

/** '1 signup', '3 signups', '0 accounts'. */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
