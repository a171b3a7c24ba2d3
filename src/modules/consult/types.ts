import type { ItemType } from '../../kernel/item-type';

// The consultation types of spec capability-modules §3 (filled by the consult types' work).

export const CONSULT_LOV_LISTS = [
  'CNS_REGIONS',
  'CNS_STREAMS',
  'CNS_PROJECT_TYPES',
  'CNS_PRIORITIES',
  'RWF_OUTCOMES',
  'RWF_STATES',
  'COMMLOG_TYPES',
  'COMMLOG_DIRECTIONS',
  'MEETING_TYPES',
] as const;

export const consultTypes: readonly ItemType[] = [];
