import {
  loadRowsAsSystem,
  readableRowsByAll,
  readersOf,
  type Executor,
  type ItemRow,
  type ItemService,
  type Principal,
} from '../../../server/module-api';
import { SNAPSHOT_WORDS as S } from '../snapshot-words';
import { ownedLovValue } from './lov-value';

// The summary an RWF_SNAPSHOT step posts to the lands team's thread: where the response stands,
// in words from the module's English bundle, with people's names and the lists' own labels (a
// record read by people, not `key: value` lines with ids; the words: snapshot-words.ts). The thread carries the response's
// restriction, so its readers are the response's: a name is written only when every one of
// them may read that person's card, otherwise "someone".

const RESPONSE_STATES = S.responseStates;
const STEP_STATES = S.stepStates;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

/** "2 December 2026" from a YYYY-MM-DD or an ISO date-time (its UTC day). */
export function dayWords(iso: string): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const ids = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** The owner's English label of a list's value, or the key when the list has none. */
async function lovLabel(
  ex: Executor,
  owner: string | null,
  list: string,
  key: unknown,
): Promise<string | null> {
  if (typeof key !== 'string' || !key) return null;
  return (await ownedLovValue(ex, owner, list, key))?.en ?? key;
}

interface SnapStep {
  id: string;
  label: string;
  state: string;
  assignedTo?: string | null;
  dueDate?: string | null;
  completedBy?: string | null;
  completedAt?: string | null;
}

export async function snapshotSummary(
  ex: Executor,
  items: ItemService,
  _p: Principal,
  response: ItemRow,
  activeStep: string,
): Promise<string> {
  const d = response.data;
  const steps = ((d._wf as { steps?: SnapStep[] } | undefined)?.steps ?? []).map((s) =>
    s.id === activeStep ? { ...s, state: 'ACTIVE' } : s,
  );
  const people = [
    ...new Set([
      ...ids(d.internalContacts),
      ...steps.flatMap((s) => [s.assignedTo, s.completedBy]).filter((x): x is string => !!x),
    ]),
  ];
  // As the system: the people named, each kept below only if every reader of the response (and so of the
  // snapshot's thread) may read their card.
  const rows = await loadRowsAsSystem(ex, people);
  const readable = await readableRowsByAll(items, ex, await readersOf(ex, response), [...rows.values()]);
  const names = new Map(readable.map((r) => [r.id, items.labelOf(r)]));
  const name = (id: string) => names.get(id) ?? S.someone;

  const lines = [fill(S.title, { name: items.labelOf(response) }), ''];
  if (typeof d.state === 'string') lines.push(fill(S.state, { value: RESPONSE_STATES[d.state] ?? d.state }));
  const wfState = await lovLabel(ex, response.owner, 'RWF_STATES', d['_wf.state']);
  if (wfState) lines.push(fill(S.workflowState, { value: wfState }));
  const priority = await lovLabel(ex, response.owner, 'CNS_PRIORITIES', d.priority);
  if (priority) lines.push(fill(S.priority, { value: priority }));
  const outcome = await lovLabel(ex, response.owner, 'RWF_OUTCOMES', d.outcome);
  if (outcome) lines.push(fill(S.outcome, { value: outcome }));
  if (typeof d.anticipatedResponse === 'string')
    lines.push(fill(S.due, { value: dayWords(d.anticipatedResponse) }));
  const team = ids(d.internalContacts).map(name);
  lines.push(fill(S.team, { value: team.length ? team.join(', ') : S.nobody }));
  if (steps.length) {
    lines.push('', S.steps);
    steps.forEach((s, i) => {
      const parts = [fill(S.step, { n: i + 1, label: s.label, state: STEP_STATES[s.state] ?? s.state })];
      if (s.state === 'COMPLETE' && s.completedAt)
        parts.push(
          s.completedBy
            ? fill(S.doneBy, { name: name(s.completedBy), date: dayWords(s.completedAt) })
            : dayWords(s.completedAt),
        );
      else if (s.state !== 'SKIP') {
        parts.push(s.assignedTo ? fill(S.assignedTo, { name: name(s.assignedTo) }) : S.unassigned);
        if (s.dueDate) parts.push(fill(S.dueOn, { date: dayWords(s.dueDate) }));
      }
      lines.push(parts.join(', '));
    });
  }
  return lines.join('\n');
}
