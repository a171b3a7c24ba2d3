import { REPATRIATION_STATUSES } from '../types';

// The repatriation board's model (docs/belongings.md "The repatriation board"), pure so it is
// tested without a browser: a column per status, in the spec's order, after a first column for
// belongings no status is set on yet; the cards in each by title.

/** The column of belongings without a status ("not yet requested"). */
export const NO_STATUS = 'NONE';
export const BOARD_COLUMNS = [NO_STATUS, ...REPATRIATION_STATUSES] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

export interface BoardCard {
  $id: string;
  $version: number;
  title: string;
  status: BoardColumn;
  institution: string | null;
  /** The label of the workflow's ACTIVE step, or else its first PENDING one. */
  step: string | null;
}

function columnOf(v: unknown): BoardColumn {
  return typeof v === 'string' && (BOARD_COLUMNS as readonly string[]).includes(v)
    ? (v as BoardColumn)
    : NO_STATUS;
}

/** The step a card shows: what is being worked on now. */
export function currentStep(wf: unknown): string | null {
  const steps = (wf as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(steps)) return null;
  const s =
    steps.find((x: { state?: unknown }) => x?.state === 'ACTIVE') ??
    steps.find((x: { state?: unknown }) => x?.state === 'PENDING');
  return s && typeof (s as { label?: unknown }).label === 'string' ? (s as { label: string }).label : null;
}

/** An item as read (readMany) as a card. */
export function toCard(item: Record<string, unknown>): BoardCard {
  return {
    $id: String(item.$id),
    $version: Number(item.$version),
    title: typeof item.title === 'string' ? item.title : String(item.$id),
    status: columnOf(item.repatriationStatus),
    institution: typeof item.institution === 'string' ? item.institution : null,
    step: currentStep(item._wf),
  };
}

/** Cards by column, every column present, each by title (then id, for a stable order). */
export function groupCards(cards: readonly BoardCard[]): Record<BoardColumn, BoardCard[]> {
  const out = Object.fromEntries(BOARD_COLUMNS.map((c) => [c, [] as BoardCard[]])) as Record<
    BoardColumn,
    BoardCard[]
  >;
  for (const c of cards) out[c.status].push(c);
  for (const col of BOARD_COLUMNS)
    out[col].sort(
      (a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.$id.localeCompare(b.$id),
    );
  return out;
}

/** The update a move sends: the new status, or none (the property removed) for NO_STATUS. */
export function movePatch(card: BoardCard, to: BoardColumn): Record<string, unknown> {
  return { $id: card.$id, $version: card.$version, repatriationStatus: to === NO_STATUS ? null : to };
}

/** The columns a card may move to: every other one. */
export function targetsOf(card: BoardCard): BoardColumn[] {
  return BOARD_COLUMNS.filter((c) => c !== card.status);
}
