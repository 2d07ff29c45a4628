import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

// The API server's address during `vite dev`; production serves the app from the same origin.
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server reads it to preload a page's chunks with its HTML (apps/server/src/http/page.ts).
    manifest: true,
    rollupOptions: {
      output: {
        // The popover library (menus, tooltips, date pickers) gets a chunk of its own: left to the
        // bundler it shares one with small components the home page needs, and loads for everyone.
        manualChunks: (id: string) => (id.includes('@floating-ui') ? 'floating-ui' : undefined),
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/trpc': apiTarget,
    },
  },
});
