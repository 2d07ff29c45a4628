import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server's address during `vite dev`; production serves the app from the same origin.
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': apiTarget,
      '/trpc': apiTarget,
    },
  },
});
