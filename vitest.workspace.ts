import { configDefaults, defineConfig } from 'vitest/config';

/**
 * apps/server's tests, split by what they need (scripts/test-tiers.mjs runs each group as a tier):
 * the tests beside the code run from source; `:system` runs the server as a whole (the production
 * bundle, a server process killed mid-load, the app behind a real Caddy); `:fuzz` is the fuzz suite.
 */
function server(name: string, include: string[], exclude: string[] = []) {
  return {
    extends: './apps/server/vitest.config.ts',
    test: { name, root: './apps/server', include, exclude: [...configDefaults.exclude, ...exclude] },
  };
}

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/*',
      '!apps/server',
      'e2e',
      'scripts',
      server('@pac/server', ['src/**/*.test.ts'], ['src/build.test.ts']),
      server('@pac/server:system', ['src/build.test.ts', 'test/**/*.test.ts'], ['test/fuzz/**']),
      server('@pac/server:fuzz', ['test/fuzz/**/*.test.ts']),
    ],
  },
});
