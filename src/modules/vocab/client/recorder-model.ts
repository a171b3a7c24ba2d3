// The recorder's sound work, pure so it is tested without a browser: mix to one channel, find
// where the speaking starts and ends, cut the silence at both ends, write a WAV file. The browser
// records webm/opus (Chrome) or mp4/AAC (Safari); WebAudio decodes either, and a 16-bit mono WAV
// of a word (a few seconds) is small and plays everywhere.

/** One channel: the average of the channels. */
export function mixDown(channels: readonly Float32Array[]): Float32Array {
  const first = channels[0];
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first;
  const out = new Float32Array(first.length);
  for (const ch of channels) for (let i = 0; i < out.length; i++) out[i]! += (ch[i] ?? 0) / channels.length;
  return out;
}

export interface TrimOptions {
  /** A window louder than this (RMS, 0..1) is sound. */
  threshold?: number;
  /** The window length, ms. */
  windowMs?: number;
  /** Kept before the first and after the last sound, ms, so a soft start is not clipped. */
  padMs?: number;
}

/** The first and last sample (end exclusive) worth keeping; [0, 0] when it is all silence. */
export function soundBounds(
  samples: Float32Array,
  sampleRate: number,
  o: TrimOptions = {},
): [number, number] {
  const threshold = o.threshold ?? 0.02;
  const win = Math.max(1, Math.round(((o.windowMs ?? 20) * sampleRate) / 1000));
  const pad = Math.round(((o.padMs ?? 80) * sampleRate) / 1000);
  let first = -1;
  let last = -1;
  for (let at = 0; at < samples.length; at += win) {
    const end = Math.min(samples.length, at + win);
    let sum = 0;
    for (let i = at; i < end; i++) sum += samples[i]! * samples[i]!;
    if (Math.sqrt(sum / (end - at)) >= threshold) {
      if (first < 0) first = at;
      last = end;
    }
  }
  if (first < 0) return [0, 0];
  return [Math.max(0, first - pad), Math.min(samples.length, last + pad)];
}

/** The samples without the silence at both ends (all of them when nothing is loud enough). */
export function trimSilence(samples: Float32Array, sampleRate: number, o: TrimOptions = {}): Float32Array {
  const [start, end] = soundBounds(samples, sampleRate, o);
  return end > start ? samples.subarray(start, end) : samples;
}

/** A 16-bit PCM mono WAV file of the samples. */
export function encodeWav(samples: Float32Array, sampleRate: number): ArrayBuffer {
  const buf = new ArrayBuffer(44 + samples.length * 2);
  const v = new DataView(buf);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) v.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  v.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 1, true); // mono
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  text(36, 'data');
  v.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    v.setInt16(44 + i * 2, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  }
  return buf;
}

/** The level of a time-domain frame from an AnalyserNode (bytes around 128), 0..1. */
export function frameLevel(frame: Uint8Array): number {
  if (!frame.length) return 0;
  let sum = 0;
  for (const b of frame) {
    const x = (b - 128) / 128;
    sum += x * x;
  }
  return Math.min(1, Math.sqrt(sum / frame.length) * 3);
}

/** Why recording cannot start, before asking: not HTTPS, or no microphone API at all. */
export function recordingBlocker(env: {
  isSecureContext: boolean;
  hasGetUserMedia: boolean;
  hasMediaRecorder: boolean;
}): 'insecure' | 'unsupported' | null {
  if (!env.isSecureContext) return 'insecure';
  if (!env.hasGetUserMedia || !env.hasMediaRecorder) return 'unsupported';
  return null;
}

/** What a refused getUserMedia means, for the person: refused, no microphone, or another failure. */
export function micErrorKind(e: unknown): 'denied' | 'noDevice' | 'failed' {
  const name = (e as { name?: unknown })?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noDevice';
  return 'failed';
}

/** A safe file name for a speaker's recording: the server reads the speaker back from it. */
export function recordingFileName(speaker: string): string {
  const clean = [...speaker]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${clean || 'recording'}.wav`;
}
