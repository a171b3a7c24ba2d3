import type { DataPath } from '../../form/evaluate';

// Reading and writing a filled-in form's answers by path (names and repeat indexes), immutably:
// FormFill hands its owner a new formData on every change, as a controlled input does.

export type FormData = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function getIn(data: unknown, path: DataPath): unknown {
  let v = data;
  for (const k of path) {
    if (typeof k === 'number') v = Array.isArray(v) ? v[k] : undefined;
    else v = isObject(v) ? v[k] : undefined;
  }
  return v;
}

/** A copy of `data` with `value` at `path` (undefined removes the key). */
export function setIn(data: unknown, path: DataPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [k, ...rest] = path as [string | number, ...DataPath];
  if (typeof k === 'number') {
    const arr = Array.isArray(data) ? [...(data as unknown[])] : [];
    arr[k] = setIn(arr[k], rest, value);
    return arr;
  }
  const obj: Record<string, unknown> = isObject(data) ? { ...data } : {};
  const next = setIn(obj[k], rest, value);
  if (next === undefined) delete obj[k];
  else obj[k] = next;
  return obj;
}

/** A copy of `data` with the repeat instance at `path` (…, name, index) taken out. */
export function removeAt(data: unknown, path: DataPath, index: number): unknown {
  const arr = getIn(data, path);
  if (!Array.isArray(arr)) return data;
  return setIn(
    data,
    path,
    arr.filter((_, i) => i !== index),
  );
}
