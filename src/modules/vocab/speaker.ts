/** A recording's speaker, from its file name ("Elder Mary Jack.wav" → "Elder Mary Jack"); the server reads it the same way. */
export function speakerName(originalName: unknown): string | null {
  if (typeof originalName !== 'string') return null;
  const stem = originalName.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  return stem && !/^(recording|audio|blob|file)$/i.test(stem) ? stem.slice(0, 300) : null;
}
