import { monitors, snapshots } from '@pac/db';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/db';
import { pruneSnapshots, snapshotContent } from './service';

const t = createTestDb();
afterAll(() => t.cleanup());

describe('pruneSnapshots', () => {
  it('keeps the newest snapshots and the version that the unchanged ones stand for', () => {
    const monitor = t.db
      .insert(monitors)
      .values({ name: 'News', url: 'https://www.example-district.org/', selectors: ['main'] })
      .returning()
      .get();
    const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 10, minute));
    const version = t.db
      .insert(snapshots)
      .values({
        monitorId: monitor.id,
        status: 'success',
        contentHash: 'h1',
        rawContent: 'The page',
        capturedAt: at(0),
      })
      .returning()
      .get();
    for (let i = 1; i <= 10; i += 1) {
      t.db
        .insert(snapshots)
        .values({ monitorId: monitor.id, status: 'success', contentHash: 'h1', rawContent: null, capturedAt: at(i) })
        .run();
    }
    pruneSnapshots(t.db, monitor.id, 3);
    const left = t.db.select().from(snapshots).where(eq(snapshots.monitorId, monitor.id)).all();
    expect(left).toHaveLength(4);
    expect(left.some((s) => s.id === version.id)).toBe(true);
    const newest = left.reduce((a, b) => (a.capturedAt > b.capturedAt ? a : b));
    expect(newest.rawContent).toBeNull();
    expect(snapshotContent(t.db, newest)).toBe('The page');
  });
});
