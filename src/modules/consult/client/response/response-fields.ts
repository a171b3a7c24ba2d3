import type { Item } from '../../../../client/module-api';
import { idsOf } from './response-model';

// The ConsultResponse, section and concern fields these screens read and write, named in one
// place (spec capability-modules §3 and the consult design), so a rename in types.ts is one edit.

export const RESPONSE = 'ConsultResponse';
export const SECTION = 'ConsultResponseSection';
export const CONCERN = 'ConsultResponseConcern';
export const MEETING = 'Meeting';

/** The people of the community assigned to the response (cnsAssign / cnsUnassign). */
export const ASSIGNED_FIELD = 'internalContacts';

/** A section: a heading and its text; a concern: a subject and its details. */
export const SECTION_FIELDS = { title: 'title', text: 'body' } as const;
export const CONCERN_FIELDS = { title: 'subject', text: 'description' } as const;

/** A meeting: its words, its day and times (HH:MM, UTC), its consultation, its derived state. */
export const MEETING_FIELDS = {
  title: 'summary',
  date: 'date',
  start: 'start',
  end: 'end',
  link: 'context',
} as const;

/** The assigned people of a response (the design also calls them `assigned`). */
export function assignedOf(item: Item): string[] {
  const v = item[ASSIGNED_FIELD] ?? item.assigned;
  return idsOf(v);
}

export function labelOf(item: Item, id: string): string {
  return item.$labels?.[id] ?? id;
}
