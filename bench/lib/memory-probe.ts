// Preloaded into a bench's server child (`--expose-gc --import ./bench/lib/memory-probe.ts`):
// on SIGUSR2 it runs a full garbage collection (when --expose-gc gave `gc`) and prints one line
// `MEMORY {json}` with process.memoryUsage(), so the bench can tell heap from native memory.
// No server code knows about it; without the preload the server behaves as always.

process.on('SIGUSR2', () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  // Twice: the first pass can only queue finalizers (WeakRefs, ws buffers) that the second frees.
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  process.stdout.write(`MEMORY ${JSON.stringify({ gc: Boolean(gc), at: Date.now(), ...m })}\n`);
});
