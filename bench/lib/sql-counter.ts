import Database from 'better-sqlite3';

type Run = (this: Database.Statement, ...params: unknown[]) => unknown;
const methods = ['all', 'get', 'run', 'iterate'] as const;

export interface StatementCounter {
  /** Runs `task` and counts every statement executed in this process meanwhile, with its SQL. */
  count<T>(task: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  uninstall(): void;
}

/**
 * Counts SQL statements by wrapping better-sqlite3's Statement methods (all/get/run/iterate). The
 * workspace shares one better-sqlite3 module, so this sees the server's own connection when the
 * server runs in this process — drizzle executes every query through these methods.
 */
export function installStatementCounter(): StatementCounter {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<(typeof methods)[number], Run>;
  probe.close();
  const originals = methods.map((name) => [name, proto[name]] as const);
  let seen: string[] | null = null;
  for (const [name, original] of originals) {
    proto[name] = function (this: Database.Statement, ...params: unknown[]) {
      seen?.push(this.source);
      return original.apply(this, params);
    };
  }
  return {
    async count(task) {
      const statements: string[] = [];
      seen = statements;
      try {
        return { result: await task(), statements };
      } finally {
        seen = null;
      }
    },
    uninstall() {
      for (const [name, original] of originals) proto[name] = original;
    },
  };
}
