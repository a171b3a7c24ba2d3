import type { DeviceData } from '../../../client/module-api';
import { clearDraft } from './create/intake-draft';
import { localStore } from './create/useIntakeDraft';

/**
 * The intake's draft referral on sign-out (src/client/modules/device-data.ts): kept in local
 * storage as the officer types (create/intake-draft.ts), it is removed so the next person on a
 * shared office computer finds none of it. Sign-out does not reload the page, but the dialog is
 * gone with its screen, so the browser's storage is all that is left to clear. A draft is not
 * counted as unsent: it was never on its way to the server, and signing out only asks about
 * work that is.
 */
export const deviceData: DeviceData = {
  unsynced: () => Promise.resolve(0),
  clear: (userId) => Promise.resolve(clearDraft(localStore(), userId)),
};
