import { defineProject } from 'vitest/config';

// Servers run in UTC; the school's zone comes from SCHOOL_TIMEZONE (school-timezone.test.ts).
export default defineProject({ test: { environment: 'node', env: { TZ: 'UTC' } } });
