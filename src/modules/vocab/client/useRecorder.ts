import { useCallback, useEffect, useRef, useState } from 'react';
import {
  encodeWav,
  frameLevel,
  micErrorKind,
  mixDown,
  recordingBlocker,
  trimSilence,
} from './recorder-model';

// Recording in the browser: the microphone through MediaRecorder, its level through an
// AnalyserNode while recording, then the take decoded with WebAudio, its silent ends cut and
// written as WAV (recorder-model.ts) to listen back to and save.

export type RecorderProblem = 'insecure' | 'unsupported' | 'denied' | 'noDevice' | 'failed';

export interface Take {
  wav: Blob;
  url: string;
  seconds: number;
  /** Seconds before the silent ends were cut. */
  rawSeconds: number;
}

export function useRecorder() {
  const [phase, setPhase] = useState<'idle' | 'recording' | 'processing' | 'ready'>('idle');
  const [problem, setProblem] = useState<RecorderProblem | null>(null);
  const [level, setLevel] = useState(0);
  const [take, setTake] = useState<Take | null>(null);
  const stopRef = useRef<(() => void) | null>(null);

  const discard = useCallback(() => {
    setTake((t) => {
      if (t) URL.revokeObjectURL(t.url);
      return null;
    });
    setPhase('idle');
  }, []);

  const start = useCallback(async () => {
    setProblem(null);
    const blocker = recordingBlocker({
      isSecureContext: window.isSecureContext,
      hasGetUserMedia: typeof navigator.mediaDevices?.getUserMedia === 'function',
      hasMediaRecorder: typeof MediaRecorder === 'function',
    });
    if (blocker) return setProblem(blocker);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (e) {
      return setProblem(micErrorKind(e));
    }
    discard();
    const ctx = new AudioContext();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 1024;
    ctx.createMediaStreamSource(stream).connect(analyser);
    const frame = new Uint8Array(analyser.fftSize);
    let raf = 0;
    const meter = () => {
      analyser.getByteTimeDomainData(frame);
      setLevel(frameLevel(frame));
      raf = requestAnimationFrame(meter);
    };
    meter();
    const rec = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    rec.onstop = async () => {
      cancelAnimationFrame(raf);
      setLevel(0);
      for (const tr of stream.getTracks()) tr.stop();
      setPhase('processing');
      try {
        const raw = await new Blob(chunks, { type: rec.mimeType }).arrayBuffer();
        const audio = await ctx.decodeAudioData(raw);
        const channels = Array.from({ length: audio.numberOfChannels }, (_, i) => audio.getChannelData(i));
        const mono = mixDown(channels);
        const cut = trimSilence(mono, audio.sampleRate);
        const wav = new Blob([encodeWav(cut, audio.sampleRate)], { type: 'audio/wav' });
        setTake({
          wav,
          url: URL.createObjectURL(wav),
          seconds: cut.length / audio.sampleRate,
          rawSeconds: mono.length / audio.sampleRate,
        });
        setPhase('ready');
      } catch {
        setProblem('failed');
        setPhase('idle');
      } finally {
        void ctx.close();
      }
    };
    stopRef.current = () => rec.state !== 'inactive' && rec.stop();
    rec.start();
    setPhase('recording');
  }, [discard]);

  const stop = useCallback(() => stopRef.current?.(), []);
  useEffect(() => () => stopRef.current?.(), []);

  return { phase, problem, level, take, start, stop, discard };
}
