import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spatialOverlayEn } from '../i18n/en-overlay';
import { parseBuffer } from '../client/overlay/report-model';
import { overlayErrorKey } from '../client/overlay/refusal';

// Every `spatial.overlay.*` key the overlay's screens name is in its English bundle (a missing
// one shows as its key on screen), and the small models behave.

const dir = path.join(__dirname, '../client/overlay');
const has = (key: string) =>
  key
    .split('.')
    .reduce<unknown>(
      (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
      spatialOverlayEn,
    ) !== undefined;

describe('the overlay strings', () => {
  it('has every key the screens use', () => {
    const keys = new Set<string>();
    for (const f of readdirSync(dir)) {
      const src = readFileSync(path.join(dir, f), 'utf8');
      for (const m of src.matchAll(/'(spatial\.overlay\.[A-Za-z.]+)'/g)) keys.add(m[1]!);
      for (const m of src.matchAll(/`spatial\.overlay\.shapes\.\$\{/g))
        if (m) for (const s of ['point', 'line', 'polygon']) keys.add(`spatial.overlay.shapes.${s}`);
    }
    expect(keys.size).toBeGreaterThan(30);
    expect([...keys].filter((k) => !has(k) && !has(k.replace(/$/, '_other')))).toEqual([]);
    expect(has('spatial.overlay.headline_one') && has('spatial.overlay.headline_other')).toBe(true);
  });

  it('reads the buffer field and the refusals', () => {
    expect(parseBuffer('2000')).toBe(2000);
    expect(parseBuffer(' 0 ')).toBe(0);
    for (const bad of ['', '-3', '1.5', '50001', 'abc']) expect(parseBuffer(bad)).toBeNull();
    expect(
      overlayErrorKey({
        userMessage: 'invalidInput',
        fields: [{ path: 'projectArea', key: 'errors.required' }],
      }),
    ).toBe('spatial.overlay.noProjectArea');
    expect(overlayErrorKey({ userMessage: 'notAllowed', fields: [] })).toBe('errors.notAllowed');
    expect(overlayErrorKey(new Error('x'))).toBe('spatial.overlay.failed');
  });
});
