import Database from 'better-sqlite3';

/** Opens a second connection to a server's database (WAL lets it read and write beside the server). */
export function withDb<T>(path: string, task: (sqlite: Database.Database) => T): T {
  const sqlite = new Database(path);
  try {
    sqlite.pragma('busy_timeout = 5000');
    return task(sqlite);
  } finally {
    sqlite.close();
  }
}

/** A consistent copy of a live database, so the baseline starts from exactly the app's rows. */
export function copyDatabase(from: string, to: string): void {
  withDb(from, (sqlite) => sqlite.prepare('VACUUM INTO ?').run(to));
}

export interface CapacityCheck {
  slots: number;
  /** Places taken: the sum of confirmed rows' quantities (1 each unless an item signup says more). */
  volunteers: number;
  /** Slots holding more volunteers than maxVolunteers. */
  overfilled: number;
  /** Slots whose current_volunteers differs from the sum of their confirmed rows' quantities. */
  miscounted: number;
}

/** Every slot's count against its rows; only the slots of `sheetIds` when given. */
export function capacityCheck(path: string, sheetIds?: number[]): CapacityCheck {
  const only = sheetIds ? `WHERE s.signup_sheet_id IN (${sheetIds.map((id) => Number(id)).join(', ') || 'NULL'})` : '';
  return withDb(path, (sqlite) => {
    const row = sqlite
      .prepare<[], CapacityCheck>(
        `SELECT count(*) AS slots,
                coalesce(sum(actual), 0) AS volunteers,
                coalesce(sum(actual > max_volunteers OR current_volunteers > max_volunteers), 0) AS overfilled,
                coalesce(sum(actual <> current_volunteers), 0) AS miscounted
           FROM (SELECT s.max_volunteers, s.current_volunteers,
                        (SELECT coalesce(sum(v.quantity), 0) FROM volunteers v
                          WHERE v.slot_id = s.id AND v.status = 'confirmed') AS actual
                   FROM volunteer_slots s ${only})`,
      )
      .get();
    if (!row) throw new Error('capacity check returned no row');
    return row;
  });
}
