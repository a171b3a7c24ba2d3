import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('allows `limit` hits in a window, then blocks', () => {
    const rl = new RateLimiter(3, 1000);
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(rl.blocked('ip', t0 + i)).toBe(false);
      expect(rl.hit('ip', t0 + i)).toBe(true);
    }
    expect(rl.blocked('ip', t0 + 3)).toBe(true);
    expect(rl.hit('ip', t0 + 3)).toBe(false);
    expect(rl.hit('ip', t0 + 4)).toBe(false);
    expect(rl.blocked('ip', t0 + 5)).toBe(true);
  });

  it('stays blocked until the window ends, then resets', () => {
    const rl = new RateLimiter(2, 1000);
    const t0 = 5_000;
    rl.hit('k', t0);
    rl.hit('k', t0 + 10);
    expect(rl.hit('k', t0 + 20)).toBe(false);
    expect(rl.blocked('k', t0 + 999)).toBe(true);
    expect(rl.hit('k', t0 + 999)).toBe(false);
    // The window is fixed from the first hit: it ends at t0 + 1000, blocked hits do not extend it.
    expect(rl.blocked('k', t0 + 1000)).toBe(false);
    expect(rl.hit('k', t0 + 1000)).toBe(true);
    expect(rl.hit('k', t0 + 1001)).toBe(true);
    expect(rl.hit('k', t0 + 1002)).toBe(false);
  });

  it('counts keys separately', () => {
    const rl = new RateLimiter(1, 60_000);
    expect(rl.hit('a', 0)).toBe(true);
    expect(rl.hit('a', 1)).toBe(false);
    expect(rl.blocked('b', 1)).toBe(false);
    expect(rl.hit('b', 1)).toBe(true);
  });

  it('a key never hit is not blocked', () => {
    expect(new RateLimiter(1, 1000).blocked('never', 0)).toBe(false);
  });

  it('reset clears a key at once', () => {
    const rl = new RateLimiter(1, 60_000);
    rl.hit('a', 0);
    rl.hit('a', 1);
    expect(rl.blocked('a', 2)).toBe(true);
    rl.reset('a');
    expect(rl.blocked('a', 3)).toBe(false);
    expect(rl.hit('a', 3)).toBe(true);
  });

  it('uses the real clock by default', () => {
    const rl = new RateLimiter(1, 60_000);
    expect(rl.hit('x')).toBe(true);
    expect(rl.hit('x')).toBe(false);
    expect(rl.blocked('x')).toBe(true);
  });
});
