/// <reference types="vite/client" />

// What's new (spec core §3 "What's-new entry"): one English Markdown file per version, newest
// first. The versions are listed here so the menus can count unseen ones without loading text.

export interface Release {
  version: string;
  date: string;
  load(): Promise<string>;
}

const raw = (m: { default: string }) => m.default;

export const RELEASES: readonly Release[] = [
  { version: '0.1.0', date: '2026-11-23', load: () => import('./v0.1.0.md?raw').then(raw) },
];

/** Compares dotted versions numerically ('0.10.0' > '0.9.1'); a leading 'v' is ignored. */
export function compareVersions(a: string, b: string): number {
  const pa = a
    .replace(/^v/, '')
    .split('.')
    .map((n) => parseInt(n, 10) || 0);
  const pb = b
    .replace(/^v/, '')
    .split('.')
    .map((n) => parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/** Releases newer than the one the user last opened (all of them when they never have). */
export function unseenReleases(viewed: string | null | undefined, releases: readonly Release[] = RELEASES) {
  return releases.filter((r) => !viewed || compareVersions(r.version, viewed) > 0);
}

export const latestVersion = (releases: readonly Release[] = RELEASES) =>
  [...releases].sort((a, b) => compareVersions(b.version, a.version))[0]?.version ?? null;
