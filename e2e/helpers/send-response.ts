import path from 'node:path';
import type { Locator } from 'playwright-core';
import { field } from './app';

// A response's letter sent as the lands staff do it: the file added to the response, then its
// "Send response" dialog with the subject and message typed. The caller chooses the files (and a
// copy to the regulators) and sends, each test checking what it is about.

/** Adds the file to the response's attachments and opens its send dialog, subject and message filled. */
export async function openSendResponse(
  response: Locator,
  file: string,
  words: { subject: string; message: string },
): Promise<Locator> {
  const files = response.getByTestId('attachments');
  await files.locator('input[type=file]').setInputFiles(file);
  await files.getByText(path.basename(file)).first().waitFor({ timeout: 30_000 });
  await response
    .getByTestId('section-response-summary')
    .getByRole('button', { name: 'Send response' })
    .click();
  const dialog = response.page().getByTestId('send-response-dialog');
  await field(dialog, 'Subject').fill(words.subject);
  await field(dialog, 'Message').fill(words.message);
  return dialog;
}
