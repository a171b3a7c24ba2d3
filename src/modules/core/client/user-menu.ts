import type { UserMenuEntry } from '../../../client/module-api';
import { MasqueradePicker } from './MasqueradePicker';

// Core's entries of the user menu: starting a masquerade (spec core §2), for admins who are not
// masquerading already. The picker is part of core's half, which the user menu loads on sign-in.

export const userMenu: readonly UserMenuEntry[] = [
  {
    id: 'masquerade',
    labelKey: 'people.startMasquerade',
    applies: (user) => user.admin && user.masquerading !== true,
    dialog: MasqueradePicker,
  },
];
