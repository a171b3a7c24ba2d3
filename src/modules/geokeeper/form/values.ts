import type { FormDefinition, FormField } from './definition';
import type { ExprValue } from './expr';

// The answer each field kind holds in formData, its type checks, and the reading of an
// XLSForm-style literal default into that answer (docs/geokeeper-forms.md "Field kinds").

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,3})?)?$/;
const DATETIME =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;
const FILE_REF_MAX = 500;
const TEXT_MAX = 10_000;

export function isEmptyAnswer(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

function validDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

function validPosition(p: unknown, allowAltitude: boolean): boolean {
  if (!Array.isArray(p) || p.length < 2 || p.length > (allowAltitude ? 3 : 2)) return false;
  if (!p.every((n) => typeof n === 'number' && Number.isFinite(n))) return false;
  const [lon, lat] = p as number[];
  return lon! >= -180 && lon! <= 180 && lat! >= -90 && lat! <= 90;
}

function isGeometry(v: unknown, type: string): v is { type: string; coordinates: unknown } {
  return typeof v === 'object' && v !== null && (v as { type?: unknown }).type === type;
}

function validGeo(kind: 'geopoint' | 'geotrace' | 'geoshape', v: unknown): boolean {
  if (kind === 'geopoint') {
    if (!isGeometry(v, 'Point')) return false;
    const { accuracy } = v as { accuracy?: unknown };
    const keysOk = Object.keys(v).every((k) => ['type', 'coordinates', 'accuracy'].includes(k));
    const accuracyOk =
      accuracy === undefined || (typeof accuracy === 'number' && Number.isFinite(accuracy) && accuracy >= 0);
    return keysOk && accuracyOk && validPosition(v.coordinates, true);
  }
  if (kind === 'geotrace') {
    if (!isGeometry(v, 'LineString') || !Array.isArray(v.coordinates)) return false;
    return v.coordinates.length >= 2 && v.coordinates.every((p) => validPosition(p, true));
  }
  if (!isGeometry(v, 'Polygon') || !Array.isArray(v.coordinates) || v.coordinates.length !== 1) return false;
  const ring = v.coordinates[0] as unknown;
  if (!Array.isArray(ring) || ring.length < 4 || !ring.every((p) => validPosition(p, true))) return false;
  const first = ring[0] as number[];
  const last = ring[ring.length - 1] as number[];
  return first[0] === last[0] && first[1] === last[1];
}

/** The choice values a select may take, or undefined when they are an organisation list not given. */
export function choiceValues(
  field: FormField,
  def: Pick<FormDefinition, 'lists'>,
  lovs?: Readonly<Record<string, readonly string[]>>,
): readonly string[] | undefined {
  const src = field.choices;
  if (!src) return undefined;
  if ('list' in src) return (def.lists[src.list] ?? []).map((c) => c.value);
  return lovs && Object.hasOwn(lovs, src.lov) ? lovs[src.lov] : undefined;
}

/**
 * Whether a non-empty answer has the kind's type. Selects are checked against their choices when
 * they are known (an organisation list of values is checked only when `lovs` holds it).
 */
export function answerTypeOk(
  field: FormField,
  v: unknown,
  def: Pick<FormDefinition, 'lists'>,
  lovs?: Readonly<Record<string, readonly string[]>>,
): boolean {
  switch (field.kind) {
    case 'text':
      return typeof v === 'string' && v.length <= TEXT_MAX;
    case 'integer':
      return typeof v === 'number' && Number.isSafeInteger(v);
    case 'decimal':
      return typeof v === 'number' && Number.isFinite(v);
    case 'date':
      return typeof v === 'string' && validDate(v);
    case 'time':
      return typeof v === 'string' && TIME.test(v);
    case 'datetime': {
      if (typeof v !== 'string') return false;
      const m = DATETIME.exec(v);
      return !!m && validDate(m[1]!);
    }
    case 'select_one': {
      const allowed = choiceValues(field, def, lovs);
      return typeof v === 'string' && (allowed === undefined || allowed.includes(v));
    }
    case 'select_multiple': {
      const allowed = choiceValues(field, def, lovs);
      return (
        Array.isArray(v) &&
        v.every((x) => typeof x === 'string' && (allowed === undefined || allowed.includes(x))) &&
        new Set(v).size === v.length
      );
    }
    case 'geopoint':
    case 'geotrace':
    case 'geoshape':
      return validGeo(field.kind, v);
    case 'photo':
    case 'video':
    case 'audio':
      // The attachment's file id or name; the file itself travels through the resumable uploads.
      return typeof v === 'string' && v.trim() !== '' && v.length <= FILE_REF_MAX;
    case 'note':
    case 'group':
    case 'repeat':
      return false;
  }
}

/**
 * Reads a literal default into the kind's answer; undefined when it does not read. Geometry
 * defaults use ODK's text form: `lat lon [alt [accuracy]]` points, `;` between points.
 */
export function parseDefault(field: FormField): unknown {
  const raw = field.default;
  if (raw === undefined) return undefined;
  const s = raw.trim();
  switch (field.kind) {
    case 'integer':
    case 'decimal': {
      if (!/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(s)) return undefined;
      const n = Number(s);
      return field.kind === 'integer' && !Number.isSafeInteger(n) ? undefined : n;
    }
    case 'select_multiple':
      return s.split(/\s+/).filter((x) => x !== '');
    case 'geopoint':
    case 'geotrace':
    case 'geoshape': {
      const points = s.split(';').map((p) =>
        p
          .trim()
          .split(/\s+/)
          .map((n) => Number(n)),
      );
      if (points.some((p) => p.length < 2 || p.some((n) => !Number.isFinite(n)))) return undefined;
      const position = (p: number[]) => (p.length >= 3 ? [p[1]!, p[0]!, p[2]!] : [p[1]!, p[0]!]);
      if (field.kind === 'geopoint') {
        const p = points[0]!;
        if (points.length !== 1) return undefined;
        return p.length >= 4
          ? { type: 'Point', coordinates: position(p), accuracy: p[3] }
          : { type: 'Point', coordinates: position(p) };
      }
      if (field.kind === 'geotrace') return { type: 'LineString', coordinates: points.map(position) };
      return { type: 'Polygon', coordinates: [points.map(position)] };
    }
    default:
      return s === '' ? undefined : field.kind === 'text' ? raw : s;
  }
}

/** Whether a field's default reads as a valid answer for it. */
export function defaultOk(field: FormField, def: Pick<FormDefinition, 'lists'>): boolean {
  if (field.default === undefined) return true;
  const v = parseDefault(field);
  return v !== undefined && answerTypeOk(field, v, def);
}

/** The answer as expressions see it: numbers, strings, arrays of choices; geometry as ODK text. */
export function exprValueOf(field: FormField, v: unknown): ExprValue {
  if (isEmptyAnswer(v)) return '';
  if (field.kind === 'select_multiple' && Array.isArray(v)) return v.map(String);
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (field.kind === 'geopoint' && isGeometry(v, 'Point') && Array.isArray(v.coordinates)) {
    const [lon, lat, alt] = v.coordinates as number[];
    return [lat, lon, alt ?? 0, (v as { accuracy?: number }).accuracy ?? 0].join(' ');
  }
  return '';
}
