import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client builds into dist/client; the server serves it and injects the config element.
// In development, Vite proxies the API and the socket to a server on :3000 (npm run dev).
export default defineConfig({
  root: 'src/client',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      // The client module API (src/client/module-api.ts) only re-exports: a module's screen that
      // imports one thing through it must not load everything else it names (~100 KB gzip each).
      treeshake: { moduleSideEffects: [{ test: /\/src\/client\/module-api\.ts$/, sideEffects: false }] },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/lov': 'http://localhost:3000',
      '/locale-overrides': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
