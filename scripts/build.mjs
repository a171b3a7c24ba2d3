// Builds what `npm start` runs: the client (Vite, into dist/client) and the server and CLI
// (esbuild bundles). Packages stay external, so PGlite's WASM files load from node_modules.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { build as viteBuild } from 'vite';

rmSync('dist', { recursive: true, force: true });
await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
const shared = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // tsconfig.json is the solution (references only); the server's options live here.
  tsconfig: 'tsconfig.server.json',
};
await build({ ...shared, entryPoints: ['src/server/main.ts'], outfile: 'dist/server/main.js' });
await build({ ...shared, entryPoints: ['src/cli/ckk.ts'], outfile: 'dist/cli/ckk.js' });
console.log('built dist/client, dist/server/main.js and dist/cli/ckk.js');
