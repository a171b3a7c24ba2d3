// Bundles the server (and later the client) for `npm start`. Packages stay external, so
// PGlite's WASM files and native modules load from node_modules as they do in development.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
const shared = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: true, logLevel: 'warning' };
await build({ ...shared, entryPoints: ['src/server/main.ts'], outfile: 'dist/server/main.js' });
await build({ ...shared, entryPoints: ['src/cli/ckk.ts'], outfile: 'dist/cli/ckk.js' });
console.log('built dist/server/main.js and dist/cli/ckk.js');
