import { describe, expect, it } from 'vitest';
import { alertText, cell, openUserMenu, setDark, shot, signedInPage, type SignedIn } from './helpers/app';

// Issue 16 "Calendar feeds" and "Done when" (in part): the lands officer turns on their personal
// feed from the user menu, schedules a meeting on consult.meetings, and the meeting is in the feed
// their calendar program fetches; a new link ends the old one. The feed's access (every principal
// against every dated consult type) is its row in test/access-matrix.test.ts.

const OFFICER = 'lands.officer@riverbend.example';
const MEETING = 'Trapline walk with the Elders';

let s!: SignedIn;
signedInPage(OFFICER, (x) => (s = x));

const ddmmyyyy = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${d.getUTCFullYear()}`;

/** The feed as a calendar program gets it (the link names the public address; the test's server listens elsewhere). */
async function fetchFeed(url: string) {
  const u = new URL(url);
  return fetch(`${s.app.server.url}${u.pathname}${u.search}`);
}

describe('the calendar feed', () => {
  let link = '';

  it('is turned on from the user menu, and shows its secret link once', async () => {
    const { page } = s;
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Calendar feed…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your calendar feed' });
    await dialog.getByText('Your feed is off.').waitFor();
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    const field = dialog.getByRole('textbox', { name: 'Your secret link' });
    await expect.poll(() => field.inputValue()).toMatch(/\/ical\/feed\.ics\?t=/);
    link = await field.inputValue();
    await dialog.getByText(/Your feed is on/).waitFor();
    await shot(page, 'calendar-feed-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    // In the dark, and at a phone's width, the dialog as it stands once the link is gone from it.
    await setDark(page, true);
    await (await openUserMenu(page)).getByRole('menuitem', { name: 'Calendar feed…' }).click();
    const again = page.getByRole('dialog', { name: 'Your calendar feed' });
    await again.getByText(/shown only once/).waitFor();
    await shot(page, 'calendar-feed-dialog-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'calendar-feed-dialog-dark-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await again.getByRole('button', { name: 'Close' }).click();
    await again.waitFor({ state: 'detached' });
    await setDark(page, false);
  });

  it('holds a meeting scheduled on consult.meetings', async () => {
    const { page } = s;
    await page.goto(`${s.app.server.url}/consult.meetings`);
    await cell(page, 'Meetings').getByRole('button', { name: 'New Meeting' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Meeting' });
    await dialog.getByRole('textbox', { name: /^Summary/ }).fill(MEETING);
    await dialog.getByRole('group', { name: /^Date/ }).click();
    await page.keyboard.type(ddmmyyyy(new Date(Date.now() + 5 * 86_400_000)));
    await dialog.getByRole('textbox', { name: /^Start/ }).fill('13:00');
    await dialog.getByRole('textbox', { name: /^End/ }).fill('15:30');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await alertText(page, /created/i)
      .first()
      .waitFor();
    const r = await fetchFeed(link);
    expect(r.status).toBe(200);
    const text = await r.text();
    expect(text).toContain(`SUMMARY:Meeting: ${MEETING}`);
    expect(text).toMatch(/DTSTART:\d{8}T130000Z/);
    // The demo's overdue response is assigned to the officer: its due date is in his feed too.
    expect(text).toMatch(/SUMMARY:Response due: /);
  });

  it('ends the old link when a new one is made', async () => {
    const { page } = s;
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Calendar feed…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your calendar feed' });
    await dialog.getByText(/shown only once/).waitFor();
    await dialog.getByRole('button', { name: 'Make a new link' }).click();
    const field = dialog.getByRole('textbox', { name: 'Your secret link' });
    await expect.poll(() => field.inputValue()).not.toBe(link);
    const fresh = await field.inputValue();
    expect((await fetchFeed(link)).status).toBe(404);
    expect((await fetchFeed(fresh)).status).toBe(200);
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await dialog.getByText('Your feed is off.').waitFor();
    expect((await fetchFeed(fresh)).status).toBe(404);
  });
});
