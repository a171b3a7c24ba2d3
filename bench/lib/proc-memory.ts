// A bench's view of a child server's memory: the kernel's counters from /proc, and the
// GC'd heap the preloaded probe (bench/lib/memory-probe.ts) prints on SIGUSR2.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Child } from './children';

/** A `/proc/<pid>/status` counter in MB: VmRSS (now) or VmHWM (peak since resetPeak). */
export function procStatusMb(pid: number, key: 'VmRSS' | 'VmHWM'): number {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(s)?.[1] ?? NaN) / 1024;
}

/** Resets the kernel's peak-RSS mark of the process, so each phase reports its own peak. */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** The child's stdout lines, kept from now on (the probe's answers among them). */
export function stdoutLines(child: Child): string[] {
  const out: string[] = [];
  child.proc.stdout?.on('data', (c: Buffer) => out.push(...c.toString().split('\n').filter(Boolean)));
  return out;
}

export interface Probe {
  /** Heap in use after a full GC: what the process holds, garbage aside. */
  heapMb: number;
  rssMb: number;
}

/** Asks the probe in the child for a GC'd memory line. */
export function probe(child: Child, out: string[]): Promise<Probe> {
  const before = out.length;
  child.proc.kill('SIGUSR2');
  return new Promise((resolve, reject) => {
    const until = Date.now() + 10_000;
    const look = () => {
      const line = out.slice(before).find((l) => l.startsWith('MEMORY '));
      if (line) {
        const m = JSON.parse(line.slice(7)) as { heapUsed: number; rss: number };
        return resolve({ heapMb: m.heapUsed / 1024 ** 2, rssMb: m.rss / 1024 ** 2 });
      }
      if (Date.now() > until) return reject(new Error('no MEMORY line'));
      setTimeout(look, 50);
    };
    look();
  });
}
