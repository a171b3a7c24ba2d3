import { useEffect, useState } from 'react';

/** Whole seconds until `at` (ms since epoch), ticking each second; 0 when past or unset. */
export function useCountdown(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1_000));
}
