// Whether dist/ must be rebuilt, for `npm start` (scripts/build.mjs --if-stale). The build
// writes dist/.built last, so its time is when a build last finished whole; a build that failed
// half-way left none (build.mjs removes dist first). dist/ is stale when any file the build
// reads is newer than that stamp. Modification times, not contents: a checkout or an edit makes
// a file new, so at worst a build runs that was not needed, never the reverse.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Where the build stamp is, relative to the project's root. */
export const STAMP = 'dist/.built';

/** What goes into dist/: the sources, the build's own configuration and the installed packages. */
const INPUTS = [
  'src',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'scripts/build.mjs',
  'scripts/build-inputs.mjs',
  'tsconfig.base.json',
  'tsconfig.client.json',
  'tsconfig.server.json',
  'tsconfig.shared.json',
];

/**
 * The newest file at or under `rel`: [path, mtime in ms], or null when there is none.
 * @param {string} root
 * @param {string} rel
 * @returns {[string, number] | null}
 */
function newest(root, rel) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return null;
  const st = statSync(full);
  if (!st.isDirectory()) return [rel, st.mtimeMs];
  /** @type {[string, number] | null} */
  let best = null;
  for (const e of readdirSync(full)) {
    const found = newest(root, path.join(rel, e));
    if (found && (!best || found[1] > best[1])) best = found;
  }
  return best;
}

/**
 * Why dist/ under `root` must be built, or null when the stamp is newer than every input.
 * @param {string} root
 * @returns {{ stale: boolean, reason: string }}
 */
export function buildState(root) {
  const stamp = path.join(root, STAMP);
  if (!existsSync(stamp)) return { stale: true, reason: 'no finished build in dist/' };
  const built = statSync(stamp).mtimeMs;
  /** @type {[string, number] | null} */
  let last = null;
  for (const rel of INPUTS) {
    const found = newest(root, rel);
    if (found && (!last || found[1] > last[1])) last = found;
  }
  if (last && last[1] > built) return { stale: true, reason: `${last[0]} changed after the last build` };
  const when = new Date(built).toISOString().replace('T', ' ').slice(0, 19);
  return {
    stale: false,
    reason: `dist/ (built ${when} UTC) is newer than every source${last ? ` (newest: ${last[0]})` : ''}`,
  };
}
