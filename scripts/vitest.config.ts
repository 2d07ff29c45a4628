import { defineProject } from 'vitest/config';

// The repository's own tooling (the architecture check), tested in the unit tier.
export default defineProject({ test: { name: 'scripts', environment: 'node' } });
