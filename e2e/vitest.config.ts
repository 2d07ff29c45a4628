import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One browser at a time: the machine has two cores.
    fileParallelism: false,
  },
});
