import { lazyScreen, type UserMenuEntry } from '../../../client/module-api';

// Core's entries of the user menu: starting a masquerade (spec core §2), for admins who are not
// masquerading already. The picker's code loads when the entry is first chosen.

const MasqueradePicker = lazyScreen(() =>
  import('./MasqueradePicker').then((m) => ({ default: m.MasqueradePicker })),
);

export const userMenu: readonly UserMenuEntry[] = [
  {
    id: 'masquerade',
    labelKey: 'people.startMasquerade',
    applies: (user) => user.admin && user.masquerading !== true,
    dialog: MasqueradePicker,
  },
];
