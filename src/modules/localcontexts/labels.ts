// The Traditional Knowledge (TK) and Biocultural (BC) labels and the Notices, as Local Contexts
// defines them (localcontexts.org; docs/local-contexts.md). Keys are stable and uppercase: they are
// stored on items (`$tkLabels`) and in a community's customised label (LocalContextsLabel
// `labelKey`), so a key is never renamed. `code` is the short text on the product's own badge.

export type LabelGroup = 'TK' | 'BC' | 'NOTICE';

export interface LabelDef {
  key: string;
  group: LabelGroup;
  /** The badge's short code ("A" on "TK A"), unique within its group. */
  code: string;
}

const def = (group: LabelGroup, key: string, code: string): LabelDef => ({ key, group, code });

/** The 20 TK labels. */
export const TK_LABELS: readonly LabelDef[] = [
  def('TK', 'TK_ATTRIBUTION', 'A'),
  def('TK', 'TK_CLAN', 'CL'),
  def('TK', 'TK_FAMILY', 'F'),
  def('TK', 'TK_OUTREACH', 'O'),
  def('TK', 'TK_MULTIPLE_COMMUNITIES', 'MC'),
  def('TK', 'TK_NON_VERIFIED', 'NV'),
  def('TK', 'TK_VERIFIED', 'V'),
  def('TK', 'TK_NON_COMMERCIAL', 'NC'),
  def('TK', 'TK_COMMERCIAL', 'C'),
  def('TK', 'TK_CULTURALLY_SENSITIVE', 'CS'),
  def('TK', 'TK_COMMUNITY_VOICE', 'CV'),
  def('TK', 'TK_COMMUNITY_USE_ONLY', 'CO'),
  def('TK', 'TK_SEASONAL', 'S'),
  def('TK', 'TK_WOMEN_GENERAL', 'WG'),
  def('TK', 'TK_MEN_GENERAL', 'MG'),
  def('TK', 'TK_MEN_RESTRICTED', 'MR'),
  def('TK', 'TK_WOMEN_RESTRICTED', 'WR'),
  def('TK', 'TK_SECRET_SACRED', 'SS'),
  def('TK', 'TK_OPEN_TO_COLLABORATION', 'OC'),
  def('TK', 'TK_CREATIVE', 'CR'),
];

/** The 10 BC labels. */
export const BC_LABELS: readonly LabelDef[] = [
  def('BC', 'BC_PROVENANCE', 'P'),
  def('BC', 'BC_COMMERCIALIZATION', 'CM'),
  def('BC', 'BC_NON_COMMERCIAL', 'NC'),
  def('BC', 'BC_COLLABORATION', 'CB'),
  def('BC', 'BC_CONSENT_VERIFIED', 'CV'),
  def('BC', 'BC_CONSENT_NON_VERIFIED', 'CN'),
  def('BC', 'BC_MULTIPLE_COMMUNITIES', 'MC'),
  def('BC', 'BC_RESEARCH', 'R'),
  def('BC', 'BC_CLAN', 'CL'),
  def('BC', 'BC_OUTREACH', 'O'),
];

/** The Notices: what an institution or researcher may put on an item before a community's labels. */
export const NOTICES: readonly LabelDef[] = [
  def('NOTICE', 'NOTICE_TK', 'TK'),
  def('NOTICE', 'NOTICE_BC', 'BC'),
  def('NOTICE', 'NOTICE_ATTRIBUTION_INCOMPLETE', 'AI'),
  def('NOTICE', 'NOTICE_OPEN_TO_COLLABORATION', 'OC'),
];

/** Every label and notice, in the order pickers and badges show them: TK, BC, Notices. */
export const ALL_LABELS: readonly LabelDef[] = [...TK_LABELS, ...BC_LABELS, ...NOTICES];

export const LABEL_KEYS: readonly string[] = ALL_LABELS.map((l) => l.key);

const BY_KEY = new Map(ALL_LABELS.map((l) => [l.key, l]));

export function labelDef(key: string): LabelDef | undefined {
  return BY_KEY.get(key);
}

/** The item-wide properties (manifest `itemProperties`): the labels on an item, its project id. */
export const TK_LABELS_KEY = '$tkLabels';
export const LC_PROJECT_KEY = '$lcProject';

/** An item's labels in badge order, unknown keys dropped (a value from the wire is untrusted). */
export function itemLabelKeys(value: unknown): LabelDef[] {
  if (!Array.isArray(value)) return [];
  const set = new Set(value.filter((x): x is string => typeof x === 'string'));
  return ALL_LABELS.filter((l) => set.has(l.key));
}
