import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../src/client/i18n/en';
import { enScreens } from '../src/client/i18n/en-screens';
import { bundleOf, ROOT, scanHistoryKinds, type WrittenKind } from './history-kinds';

// Every history event kind the server writes has English words a lands officer would use
// (`item.events.<kind>`, what the timeline's eventLabel reads): a module's kinds in the module's
// own bundle, the platform's (src/server) in the client's. Without them the History shows the
// key made readable ("Cns submitted", "Wkf step added").

const MODULES = path.join(ROOT, 'src', 'modules');

/** Each module's English bundle (its i18n/en.ts exports one object), by module id. */
const moduleBundles = new Map<string, Record<string, unknown>>(
  await Promise.all(
    readdirSync(MODULES, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(path.join(MODULES, e.name, 'i18n', 'en.ts')))
      .map(async (e) => {
        const m = (await import(`../src/modules/${e.name}/i18n/en.ts`)) as Record<string, unknown>;
        return [e.name, Object.values(m)[0] as Record<string, unknown>] as const;
      }),
  ),
);

function eventWords(bundle: unknown, kind: string): string | undefined {
  const item = (bundle as { item?: { events?: Record<string, unknown> } } | undefined)?.item;
  const words = item?.events?.[kind];
  return typeof words === 'string' ? words : undefined;
}

/** The words the bundle that must hold them gives, or undefined. */
function wordsFor(k: WrittenKind): string | undefined {
  const id = bundleOf(k);
  if (id === null) return eventWords(en, k.kind) ?? eventWords(enScreens, k.kind);
  return eventWords(moduleBundles.get(id), k.kind);
}

const { kinds, unread } = scanHistoryKinds();

describe('history event kinds', () => {
  it('the scan finds the kinds the server and the modules write', () => {
    const found = new Set(kinds.map((k) => k.kind));
    expect(found.size).toBeGreaterThanOrEqual(40);
    // One of each way a kind reaches the events table: the item service's own, appendEvent,
    // touchIn, a patchIn option, a conditional, a const imported from a module's types.ts, a
    // parameter followed through its callers (the engine's save, fileDerivedField's argument).
    for (const kind of [
      'created',
      'updated',
      'touched',
      'deleted',
      'emailConfirmed',
      'membershipChanged',
      'granted',
      'grantRemoved',
      'CNS_SUBMITTED',
      'CNS_UNASSIGNED',
      'mailed',
      'GKP_RELATED_FINALIZED',
      'WKF_STEP_ADDED',
      'WKF_APPLIED_STEPS',
      'RWF_CONCERN_CREATED',
      'photos',
      'SP_SUMMARY_SHARED',
    ])
      expect(found, kind).toContain(kind);
  });

  it('reads every kind written: nothing passed in a way the scan cannot follow', () => {
    // The item service writes the kind its callers give (patchIn's and touchIn's `event`
    // option): those are read at every call of patchIn and touchIn.
    const forwarded = (u: (typeof unread)[number]) =>
      u.file === 'src/server/items/item-service.ts' && u.text.startsWith('opts.event ');
    expect(unread.filter((u) => !forwarded(u))).toEqual([]);
    expect(unread.filter(forwarded).length).toBeGreaterThan(0);
  });

  it('each kind has words in the bundle of whoever writes it', () => {
    const missing = kinds
      .filter((k) => wordsFor(k) === undefined)
      .map((k) => `${k.kind} (${k.file}:${k.line}) → ${bundleOf(k) ?? 'src/client/i18n/en-screens.ts'}`);
    expect(missing).toEqual([]);
  });

  it('a kind two bundles name has the same words in both (i18n keys are global)', () => {
    const byKind = new Map<string, Set<string>>();
    for (const k of kinds) {
      const w = wordsFor(k);
      if (w !== undefined) byKind.set(k.kind, (byKind.get(k.kind) ?? new Set()).add(w));
    }
    expect([...byKind].filter(([, w]) => w.size > 1).map(([k, w]) => `${k}: ${[...w].join(' | ')}`)).toEqual(
      [],
    );
  });
});
