import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // The "browser" is in Tokyo, the school in Vancouver (test/schoolTime.ts): a date read on
    // the browser's clock instead of the school's is a different day and time.
    env: { TZ: 'Asia/Tokyo' },
  },
});
