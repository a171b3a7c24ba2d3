import { AppError, type ActHandler, type Principal, type Services } from '../../../server/module-api';
import type { FieldDataEdit, FieldDataEditResult, geokeeperActs } from '../contract';

// applyGeoKeeperFieldDataEdits (contract.ts; docs/geokeeper.md "Held edits"): each record's held
// edits become one update through the item service, at the version they were made on. Records
// are independent: one refused or in conflict leaves the others applied.

type Json = Record<string, unknown>;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A copy of `base` with `value` set at `rest` (null: removed); an error names the path it cannot walk. */
function setIn(base: unknown, rest: readonly string[], value: unknown, path: string): unknown {
  if (rest.length === 0) return value;
  const [key, ...more] = rest as [string, ...string[]];
  if (FORBIDDEN.has(key)) throw badPath(path);
  if (Array.isArray(base) && /^\d+$/.test(key)) {
    const i = Number(key);
    if (i > base.length) throw badPath(path);
    const out = [...base];
    if (more.length === 0 && value === null) out.splice(i, 1);
    else out[i] = setIn(base[i], more, value, path);
    return out;
  }
  if (base !== undefined && base !== null && !isObject(base)) throw badPath(path);
  const out: Json = { ...(base ?? {}) };
  if (more.length === 0 && value === null) delete out[key];
  else out[key] = setIn(out[key], more, value, path);
  return out;
}

function badPath(path: string) {
  return new AppError('invalidInput', `${path}: not a path into the record`, {
    fields: [{ path, key: 'errors.invalidValue' }],
  });
}

/** The update's patch: each touched property's value after the record's changes, in order. */
export function patchOf(current: Json, edit: FieldDataEdit): Json {
  const patch: Json = {};
  for (const { path, value } of edit.changes) {
    const [top, ...rest] = path.split('.') as [string, ...string[]];
    const base = top in patch ? patch[top] : current[top];
    patch[top] = rest.length === 0 ? (value ?? null) : setIn(base ?? undefined, rest, value ?? null, path);
  }
  return patch;
}

async function applyOne(services: Services, p: Principal, id: string, edit: FieldDataEdit) {
  const { items } = services;
  try {
    const current = (await items.read(p, id)) as Json & { $version: number };
    if (current.$version !== edit.version)
      return { status: 'conflict', currentVersion: current.$version, current } as const;
    const written = await items.update(p, { $id: id, $version: edit.version, ...patchOf(current, edit) });
    return { status: 'applied', version: written.$version } as const;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    if (e.key === 'staleVersion') {
      // Changed between the read and the write: the server's record as it is now.
      const now = (await items.read(p, id)) as Json & { $version: number };
      return { status: 'conflict', currentVersion: now.$version, current: now } as const;
    }
    return {
      status: 'refused',
      error: e.key,
      ...(e.extra.fields ? { fields: e.extra.fields.map((f) => ({ path: f.path, key: f.key })) } : {}),
    } as const;
  }
}

export const applyGeoKeeperFieldDataEdits: ActHandler<
  (typeof geokeeperActs)['applyGeoKeeperFieldDataEdits']
> = async ({ services, principal, body }) => {
  if (!principal.userId) throw new AppError('notAllowed', 'sign in first');
  const results: Record<string, FieldDataEditResult> = {};
  for (const [id, edit] of Object.entries(body.edits))
    results[id] = await applyOne(services, principal, id, edit);
  return { results };
};
