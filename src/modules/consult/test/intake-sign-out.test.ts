import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDeviceData, unsyncedOnDevice } from '../../../client/modules/device-data';
import { DRAFT_VERSION, draftKey, readDraft, writeDraft } from '../client/create/intake-draft';
import { MemoryStorage } from '../../../client/testing/memory-storage';

// Sign-out clears the intake's draft referral from the browser (client/device-data.ts, found by
// the sign-out seam like every module's), so the next person at a shared office computer does
// not find the previous officer's half-typed referral in its local storage. (IndexedDB is faked:
// the seam clears geokeeper's offline store too.)

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signing out', () => {
  it("removes the person's intake draft from the browser, and only theirs", async () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
    const draft = {
      v: DRAFT_VERSION,
      savedAt: new Date().toISOString(),
      step: 1,
      values: { projectName: 'Bear Pass lateral' },
      picks: {},
    } as const;
    expect(writeDraft(storage, 'User-7', draft)).toBe(true);
    expect(writeDraft(storage, 'User-8', draft)).toBe(true);
    // A draft is not work on its way to the server: sign-out does not hold for it.
    expect(await unsyncedOnDevice('User-7')).toBe(0);

    await clearDeviceData('User-7');
    expect(storage.getItem(draftKey('User-7'))).toBeNull();
    expect(readDraft(storage, 'User-7')).toBeNull();
    expect(readDraft(storage, 'User-8')?.values).toEqual({ projectName: 'Bear Pass lateral' });
  });
});
