// The account states of a Contact ($userState, spec core §3) as the client shows them.

export const USER_STATE_ORDER = [
  'NONE',
  'NEVER',
  'INVITED',
  'WEEK',
  'DAYS_30',
  'DAYS_60',
  'DAYS_90',
  'NORECENT',
  'BLOCKED',
] as const;
export type UserState = (typeof USER_STATE_ORDER)[number];

export function userStateColor(s: UserState): 'default' | 'success' | 'warning' | 'error' | 'info' {
  if (s === 'BLOCKED') return 'error';
  if (s === 'INVITED') return 'info';
  if (s === 'WEEK' || s === 'DAYS_30') return 'success';
  if (s === 'NORECENT' || s === 'DAYS_90') return 'warning';
  return 'default';
}
