import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One browser at a time: the machine has two cores.
    fileParallelism: false,
    // Servers run in UTC, as in apps/server's tests; a school's zone comes from SCHOOL_TIMEZONE.
    env: { TZ: 'UTC' },
  },
});
