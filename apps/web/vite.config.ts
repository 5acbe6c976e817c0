import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { indiaMap } from './build/india-map.ts';
import { loginHtml } from './build/login-html.ts';
import { precompress } from './build/precompress.ts';

// The API, the local mailbox and the health check live on the server; the dev server forwards them so the
// browser sees one origin, as it does in production where the server also serves this build.
const SERVER = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), indiaMap(), precompress(), loginHtml()],
  // `source` makes `@spirit/domain/*` resolve to its TypeScript files: no build step for the shared contract.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: {
      '^/api(/|$)': { target: SERVER, changeOrigin: false },
      '^/dev(/|$)': { target: SERVER, changeOrigin: false },
      '/healthz': { target: SERVER, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/web.mjs reads which chunks each page loads from the manifest; build/login-html.ts which /login loads.
    manifest: true,
  },
});
