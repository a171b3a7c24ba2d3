import type { UserState } from '../../../../protocol/user-states';

// How the client shows the account states of a Contact ($userState); the states and their order
// are the shared list in protocol/user-states.ts.

export function userStateColor(s: UserState): 'default' | 'success' | 'warning' | 'error' | 'info' {
  if (s === 'BLOCKED') return 'error';
  if (s === 'INVITED') return 'info';
  if (s === 'WEEK' || s === 'DAYS_30') return 'success';
  if (s === 'NORECENT' || s === 'DAYS_90') return 'warning';
  return 'default';
}
