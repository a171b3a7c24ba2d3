// Sizes in steps of 1000 with one decimal (spec core §3 "Size display"), durations in words.

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatBytes(n: number): string {
  let v = n;
  let i = 0;
  while (v >= 1000 && i < UNITS.length - 1) {
    v /= 1000;
    i++;
  }
  return i === 0 ? `${v} ${UNITS[0]}` : `${v.toFixed(1)} ${UNITS[i]}`;
}

/** 93784 → "1 d 2 h 3 min"; under a minute → "42 s". */
export function formatDuration(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  if (d + h + m === 0) return `${seconds} s`;
  return [d && `${d} d`, h && `${h} h`, m && `${m} min`].filter(Boolean).join(' ');
}
