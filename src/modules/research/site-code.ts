// A data point's default site code (spec capability-modules §3 "Field data"; docs/research.md
// "Site codes"): the data-code abbreviation (the RES_VALUE_CODES key: HU, FI, …), a sequence
// number of at least two digits (00 first), then the indexes of the respondents who gave it in
// the interview's list of respondents, two digits each, joined by dashes: "HU00-01-03".
//
// The sequence counts per value code within one interview: the next number after the highest
// any data point of that interview was ever given for that code, deleted ones too, so a number
// cited in a report is never handed to another place. Both halves can use these (pure).

/** Two digits at least: 0 → "00", 7 → "07", 123 → "123". */
export const twoDigits = (n: number): string => String(n).padStart(2, '0');

/**
 * The 1-based places in the interview's list of the data point's respondents, in the list's
 * order, each once. A respondent the interview does not name has no index and is left out.
 */
export function respondentIndexes(
  activityRespondents: readonly string[],
  respondents: readonly string[],
): number[] {
  const wanted = new Set(respondents);
  const out: number[] = [];
  activityRespondents.forEach((id, i) => {
    if (wanted.has(id) && !out.includes(i + 1)) out.push(i + 1);
  });
  return out;
}

/** The site code of a value code, a sequence number and respondent indexes. */
export function siteCodeOf(code: string, sequence: number, indexes: readonly number[]): string {
  return [`${code}${twoDigits(sequence)}`, ...indexes.map(twoDigits)].join('-');
}

/**
 * The sequence number a site code gives to `code`, or null when it is not one of `code`'s
 * ("HU03-01" → 3 for HU; "HUT00" → null for HU, since the digits must follow the code at once).
 */
export function sequenceOf(code: string, siteCode: string): number | null {
  if (!siteCode.startsWith(code)) return null;
  const m = /^(\d{2,})(?:-|$)/.exec(siteCode.slice(code.length));
  return m ? Number(m[1]) : null;
}

/** The next sequence number for `code` after the site codes already given in the interview. */
export function nextSequence(code: string, given: Iterable<string>): number {
  let top = -1;
  for (const s of given) {
    const n = sequenceOf(code, s);
    if (n !== null && n > top) top = n;
  }
  return top + 1;
}
