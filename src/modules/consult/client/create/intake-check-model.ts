import type { Geometry } from '../../../../kernel/geometry';

// The intake check's client half (act cnsIntakeCheck; docs/consultation-screens.md "The intake
// check"): what the form asks and how it reads the answer. Pure, unit-tested.

export interface CheckedReferral {
  $id: string;
  label: string;
  state: string | null;
}

export interface IntakeCheckReply {
  overlapping: CheckedReferral[];
  overlappingTotal: number;
  sameNumber: (CheckedReferral & { matched: string[] })[];
  places: number | null;
}

/** The check's body from what the form holds: the area's parts, the identifiers, the community. */
export function checkBody(data: Record<string, unknown>, parts: readonly Geometry[]) {
  const identifiers = Array.isArray(data.identifiers)
    ? [
        ...new Set(
          data.identifiers
            .filter((x): x is string => typeof x === 'string' && x.trim() !== '')
            .map((x) => x.trim()),
        ),
      ].slice(0, 20)
    : [];
  const community = typeof data.submittedTo === 'string' ? data.submittedTo : undefined;
  return {
    geometries: [...parts],
    identifiers,
    ...(community ? { community } : {}),
  };
}

/** What the check found, in the order the step shows it: same number first (the likelier duplicate). */
export interface Findings {
  /** Each referral once: those with the same number, then those that only overlap. */
  referrals: (CheckedReferral & { matched: string[]; overlaps: boolean })[];
  /** Overlapping referrals beyond the named ones. */
  moreOverlapping: number;
  places: number | null;
  /** Nothing to warn about (no referral; places alone are information, not a warning). */
  clear: boolean;
}

export function findings(r: IntakeCheckReply): Findings {
  const overlapping = new Set(r.overlapping.map((o) => o.$id));
  const seen = new Set<string>();
  const referrals: Findings['referrals'] = [];
  for (const s of r.sameNumber) {
    seen.add(s.$id);
    referrals.push({ ...s, overlaps: overlapping.has(s.$id) });
  }
  for (const o of r.overlapping) if (!seen.has(o.$id)) referrals.push({ ...o, matched: [], overlaps: true });
  return {
    referrals,
    moreOverlapping: Math.max(0, r.overlappingTotal - r.overlapping.length),
    places: r.places,
    clear: referrals.length === 0,
  };
}

/** The linked referrals with `id` linked or unlinked. */
export function toggleLink(rel: readonly string[], id: string, on: boolean): string[] {
  const rest = rel.filter((x) => x !== id);
  return on ? [...rest, id] : rest;
}
