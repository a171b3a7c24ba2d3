// Durations in words for admin.state (sizes use formatSize of protocol/files).

/** 93784 → "1 d 2 h 3 min"; under a minute → "42 s". */
export function formatDuration(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  if (d + h + m === 0) return `${seconds} s`;
  return [d && `${d} d`, h && `${h} h`, m && `${m} min`].filter(Boolean).join(' ');
}
