// Builds what `npm start` runs: the client (Vite, into dist/client) and the server and CLI
// (esbuild bundles). Packages stay external, so PGlite's WASM files load from node_modules.
// `--if-stale` (npm start) builds only when a source is newer than the last finished build.
import { rmSync, writeFileSync } from 'node:fs';
import { buildState, STAMP } from './build-inputs.mjs';

if (process.argv.includes('--if-stale')) {
  const state = buildState('.');
  if (!state.stale) {
    console.log(`Build skipped: ${state.reason}.`);
    process.exit(0);
  }
  console.log(`Building: ${state.reason}.`);
}

// Loaded only now: a skipped build should not wait for the bundlers to load.
const { build } = await import('esbuild');
const { build: viteBuild } = await import('vite');
const { precompress } = await import('./precompress.mjs');

rmSync('dist', { recursive: true, force: true });
await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
const packed = await precompress('dist/client');
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
// Last: a build that stopped half-way leaves no stamp, so the next `npm start` builds again.
writeFileSync(STAMP, new Date().toISOString() + '\n');
console.log(
  `built dist/client (${packed.files} assets pre-compressed as .br and .gz), dist/server/main.js and dist/cli/ckk.js`,
);
