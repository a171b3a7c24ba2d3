import type { SocketClient } from '../../../../client/module-api';
import type { FormDefinition } from '../../form/definition';
import { walkFields } from '../../form/definition';
import type { KeptItem, KeptLov, OfflineDb } from './db';
import { dropUnreadable, goneByReadMany } from './device-store';

// What is kept for offline use (docs/geokeeper.md "Offline collection"), refreshed whenever the
// collection screen opens online: the programs the person may collect for (what they read, not
// closed), their forms (each at its current version, with the definition), work items,
// references, the lists of values the forms and records use, and the map features near the work
// (bounded: FEATURES_MAX within FEATURES_MARGIN degrees). Everything is read through search and
// readMany, so through the access policy: the device keeps only what the person may read, and
// what they may no longer read is replaced (the lists of values too) or dropped (dropUnreadable).

const PROGRAMS_MAX = 100;
const PER_PROGRAM_MAX = 500;
const FEATURES_MAX = 300;
const FEATURES_MARGIN = 0.05;
const CLOSED = ['CLOSED', 'ARCHIVED'];
const LANGUAGE = 'en';

type Item = Record<string, unknown> & { $id: string };

async function searchIds(
  client: SocketClient,
  must: Record<string, unknown[]>,
  max: number,
): Promise<string[]> {
  const r = await client.request<{ ids?: string[] }>('search/ids', { must, max });
  return Array.isArray(r.ids) ? r.ids : [];
}

async function readAll(client: SocketClient, ids: readonly string[]): Promise<Item[]> {
  const out: Item[] = [];
  for (let i = 0; i < ids.length; i += 200) {
    const got = await client.request<Record<string, Item & { erred?: boolean }>>(
      'readMany/object',
      ids.slice(i, i + 200),
    );
    for (const id of ids.slice(i, i + 200)) {
      const it = got[id];
      if (it && !it.erred) out.push(it);
    }
  }
  return out;
}

const kept = (item: Item): KeptItem => ({
  id: item.$id,
  program: typeof item.program === 'string' ? item.program : '',
  item,
});

/** The organisation lists a form's selects name (`choices: { lov }`). */
export function formLovs(def: FormDefinition | undefined): string[] {
  const out = new Set<string>();
  if (!def) return [];
  walkFields(def.fields, (f) => {
    if (f.choices && 'lov' in f.choices) out.add(f.choices.lov);
  });
  return [...out];
}

async function fetchLov(client: SocketClient, list: string, owner: string): Promise<KeptLov | null> {
  const path = [LANGUAGE, list, owner].map(encodeURIComponent).join('/');
  const token = client.tokenValue;
  const res = await fetch(`/lov/${path}`, {
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) return null;
  const body = (await res.json()) as Record<
    string,
    Record<string, { t?: Record<string, string>; label?: string; state?: string }>
  >;
  const entries: KeptLov['entries'] = [];
  for (const values of Object.values(body ?? {}))
    for (const [key, v] of Object.entries(values ?? {}))
      if (v?.state !== 'ARCHIVED') entries.push({ key, label: v?.t?.[LANGUAGE] ?? v?.label ?? key });
  return { key: `${list}@${owner}`, entries };
}

function bboxAround(items: readonly Item[]): string | null {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  const visit = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number' && typeof c[1] === 'number') {
      w = Math.min(w, c[0]);
      e = Math.max(e, c[0]);
      s = Math.min(s, c[1]);
      n = Math.max(n, c[1]);
    } else if (Array.isArray(c)) c.forEach(visit);
  };
  for (const it of items) visit((it.spatial as { coordinates?: unknown } | undefined)?.coordinates);
  if (!Number.isFinite(w)) return null;
  const m = FEATURES_MARGIN;
  return [w - m, s - m, e + m, n + m].map((x) => x.toFixed(5)).join(',');
}

/** Reads everything the person needs offline and replaces what the device kept. */
export async function refreshKept(client: SocketClient, db: OfflineDb): Promise<{ programs: number }> {
  const programIds = await searchIds(client, { _t: ['GeoKeeperProgram'] }, PROGRAMS_MAX);
  const programs = (await readAll(client, programIds)).filter((p) => !CLOSED.includes(String(p.state)));
  const ids = programs.map((p) => p.$id);
  const byType = async (type: string) =>
    ids.length
      ? (
          await readAll(client, await searchIds(client, { _t: [type], program: ids }, PER_PROGRAM_MAX))
        ).filter((it) => !CLOSED.includes(String(it.state)))
      : [];
  const [forms, workItems, references] = [
    await byType('GeoKeeperFormDef'),
    await byType('GeoKeeperWorkItem'),
    await byType('GeoKeeperReference'),
  ];
  const bbox = bboxAround([...workItems, ...references]);
  const featureIds = bbox
    ? await searchIds(client, { _t: ['SpatialFeature'], $bbox: [bbox] }, FEATURES_MAX)
    : [];
  const features = await readAll(client, featureIds);

  const lovs: KeptLov[] = [];
  for (const p of programs) {
    const owner = typeof p.owner === 'string' ? p.owner : null;
    if (!owner) continue;
    const lists = new Set(['CATEGORIES']);
    for (const f of forms.filter((x) => x.program === p.$id))
      for (const l of formLovs(f.definition as FormDefinition | undefined)) lists.add(l);
    for (const l of lists) {
      const lov = await fetchLov(client, l, owner).catch(() => null);
      if (lov) lovs.push(lov);
    }
  }

  await db.transaction(
    'rw',
    [db.programs, db.forms, db.workItems, db.references, db.features, db.lovs, db.meta],
    async () => {
      await Promise.all([
        db.programs.clear(),
        db.forms.clear(),
        db.workItems.clear(),
        db.references.clear(),
        db.features.clear(),
        db.lovs.clear(),
      ]);
      await db.programs.bulkPut(programs.map(kept));
      await db.forms.bulkPut(forms.map(kept));
      await db.workItems.bulkPut(workItems.map(kept));
      await db.references.bulkPut(references.map(kept));
      await db.features.bulkPut(features.map(kept));
      await db.lovs.bulkPut(lovs);
      await db.meta.put({ key: 'refreshed', value: new Date().toISOString() });
    },
  );
  // The records the person may no longer read leave the device too (their own unsent work stays).
  await dropUnreadable(
    db,
    goneByReadMany((ids) =>
      client.request<Record<string, { erred?: boolean; userMessage?: string }>>('readMany/object', ids),
    ),
  );
  return { programs: programs.length };
}
