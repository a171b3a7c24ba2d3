import type { Locator, Page } from 'playwright-core';
import type { E2EApp } from './app';

// The referral intake's guided form, as the intake and referral-journey tests drive it.

export const wizard = (page: Page) => page.getByRole('dialog', { name: 'New consultation' });

/** The desk, and its "Log a referral". */
export async function logReferral(app: E2EApp, page: Page): Promise<Locator> {
  await page.goto(`${app.server.url}/consult.dashboard`);
  // The desk's calendar and cards are still arriving on a loaded machine: a longer wait.
  await page.getByRole('button', { name: 'Log a referral' }).click({ timeout: 30_000 });
  const dialog = wizard(page);
  await dialog.waitFor();
  return dialog;
}

/** The dialog's paper is within the window and nothing in it scrolls sideways. */
export async function dialogFits(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) => {
    const paper = el.querySelector('.MuiDialog-paper') ?? el;
    const r = paper.getBoundingClientRect();
    return r.left >= 0 && r.right <= window.innerWidth && paper.scrollWidth <= paper.clientWidth;
  });
}

/** Next until the step's heading shows (a step's lazy fields may still be arriving). */
export async function next(dialog: Locator, to: string) {
  const heading = dialog.getByText(new RegExp(`^Step \\d of 9: ${to}$`));
  for (let tries = 0; ; tries++) {
    await dialog.getByRole('button', { name: 'Next' }).click();
    if (
      await heading.waitFor({ timeout: 4000 }).then(
        () => true,
        () => false,
      )
    )
      return;
    if (tries === 2) throw new Error(`the guided form did not reach ${to}`);
  }
}
