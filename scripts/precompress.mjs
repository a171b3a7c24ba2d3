// Pre-compressed copies of the built client's assets, served by @fastify/static's
// `preCompressed` (src/server/http/client-assets.ts): brotli at its best quality and gzip -9,
// made once here instead of on every request. Source maps are left plain: only developer tools
// fetch them, and brotli's best quality over them would double the build.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text-like files that compress well; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|wasm|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * @param {string} dir
 * @returns {Generator<string>}
 */
function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of `dir` over MIN_BYTES, each
 * only when it is smaller than the file (the server then falls back to the next encoding).
 * @param {string} dir
 * @returns {Promise<{ files: number }>}
 */
export async function precompress(dir) {
  const todo = [...files(dir)].filter((f) => COMPRESSIBLE.test(f) && statSync(f).size >= MIN_BYTES);
  // zlib's asynchronous calls run on libuv's thread pool: all at once uses every core.
  await Promise.all(
    todo.map(async (f) => {
      const raw = readFileSync(f);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: 9 }),
      ]);
      if (br.length < raw.length) writeFileSync(f + '.br', br);
      if (gz.length < raw.length) writeFileSync(f + '.gz', gz);
    }),
  );
  return { files: todo.length };
}
