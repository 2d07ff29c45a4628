import type { ArchitectureConfig } from './architecture.ts';

/** The repository's layout as the architecture check reads it (DESIGN.md, "Layout" and the house rules). */
export const config: ArchitectureConfig = {
  envFile: 'apps/server/src/env.ts',
  // Reads of process.env that are not settings. A new entry needs its reason.
  processEnvAllowed: [
    {
      file: 'packages/api/src/lib/schoolTime.ts',
      reason:
        "sets the process's TZ around one synchronous Date read, to take a zone's offsets from the runtime's time-zone data without loading ICU's locale data, and puts the process's own back; it reads no setting",
    },
    {
      file: 'packages/api/src/lib/schoolTime.test.ts',
      reason: "checks that schoolTime.ts puts the process's own TZ back",
    },
    {
      file: 'apps/server/src/env.test.ts',
      reason: 'starts main.ts as a child process with its own environment and one bad setting',
    },
    {
      file: 'apps/server/src/build.test.ts',
      reason: 'gives the bundle it starts the PATH (to find node) and nothing else of its own environment',
    },
    {
      file: 'apps/server/src/scripts/admin-create.test.ts',
      reason: 'runs the script as a child process with its own environment and the settings under test',
    },
    {
      file: 'apps/server/src/scripts/restore.test.ts',
      reason: 'runs the script as a child process with its own environment and the settings under test',
    },
  ],
  domainsRoot: 'packages/api/src',
  sharedFolders: ['lib'],
  restDir: 'apps/server/src/http/rest',
  restSharedFiles: ['index.ts', 'route.ts'],
  testRoots: ['e2e'],
  // The server's code logs through the Runtime's logger (DESIGN.md rule 10).
  loggedRoots: ['packages/*/src', 'apps/server/src'],
  // Every email goes out through sendMail here; nothing else reaches the Runtime's mail pool.
  mailFolder: 'packages/api/src/email',
  // Code that may write to the console. A new entry needs its reason.
  consoleAllowed: [
    {
      folder: 'apps/server/src/scripts',
      reason:
        'the command-line scripts (pnpm backup, restore, admin:create) print to the person at the terminal, not to the server log',
    },
  ],
};
