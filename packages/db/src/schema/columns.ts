import { integer } from 'drizzle-orm/sqlite-core';

/** An instant stored as epoch milliseconds; read back as a Date. */
export const timestamp = () => integer({ mode: 'timestamp_ms' });

/** createdAt with a database default, so rows written outside the app get one too. */
export const createdAt = () =>
  timestamp()
    .notNull()
    .$defaultFn(() => new Date());
