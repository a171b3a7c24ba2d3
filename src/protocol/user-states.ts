// The account states of a Contact ($userState, spec core §3), computed by the server at read
// time (modules/core/server/user-state.ts) and shown by the client (people/user-states.ts). One list
// for both, in the order screens list them: from no account, through recent use, to blocked.
export const USER_STATES = [
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
export type UserState = (typeof USER_STATES)[number];
