import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress';

// The API server's address during `vite dev`; production serves the app from the same origin.
const apiTarget = 'http://127.0.0.1:3000';

/**
 * The bundler wraps each CommonJS package (React, React DOM, the scheduler) in an arrow function
 * that runs when the package is first imported. V8 compiles such a function only when it is
 * called, on the main thread while the page waits (React DOM's: some 8 ms here, four times that
 * on a slow phone); a function expression in parentheses it compiles with the rest of the file,
 * on a background thread while the file downloads. The wrappers use neither `this` nor
 * `arguments`, so the two forms behave alike.
 */
function compileCommonJsEarly(): Plugin {
  return {
    name: 'pac-compile-commonjs-early',
    apply: 'build',
    renderChunk(code) {
      const out = code.replace(/__commonJSMin\(\(\((exports(?:, module)?)\) => \{/g, '__commonJSMin((function ($1) {');
      return out === code ? null : { code: out, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        // `vite build --ssr src/entry-server.tsx`: the server's rendering of the first pages
        // (apps/server/src/http/page.ts imports it), kept out of dist/, which is served publicly.
        // Everything it uses is bundled in, so that the server loads it from any install layout;
        // stylesheets are the browser's business (an SSR build writes none).
        plugins: [react()],
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false },
      }
    : {
        plugins: [react(), compileCommonJsEarly(), precompress()],
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          // The server reads it to preload a page's chunks with its HTML (apps/server/src/http/page.ts).
          manifest: true,
          rolldownOptions: {
            output: {
              // Everything the first page runs is one file: fewer requests before it can render (a
              // phone's browser waits a round trip for each beyond its six connections), and compressed
              // better whole. What loads on demand (the other pages, dialogs, menus, toasts, the popover
              // library) is split as the bundler sees fit.
              codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
            },
          },
        },
        server: {
          proxy: {
            '/api': apiTarget,
            '/trpc': apiTarget,
          },
        },
      },
);
