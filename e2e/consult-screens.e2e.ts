import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertText,
  cell,
  cellAt,
  fitsWidth,
  newContext,
  screenshotOnFailure,
  setDark,
  shot,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';
import { axeCheck } from './helpers/axe';
import { SYSTEM } from '../src/server/access/principal';

// The consultation screens (issue 14): the consult group and its gates; the lists declared as
// data (projects, responses with their presets and per-viewer columns, organisations, contacts,
// files, communications, meetings); a consultation's record (summary, due date in words, the
// moves the user may make); the guided create form and its checks; recording an organisation.
// Runs on the demo data of the consult module (cserver) through its acts (issue 14's merge).

const OFFICER = 'lands.officer@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const REGULATOR = 'regulator@lands.gov.example';
const MEMBER = 'member@riverbend.example';
const PHONE = { width: 390, height: 844 };

let app: E2EApp;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startApp();
});

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

async function person(email: string, viewport?: { width: number; height: number }): Promise<Page> {
  const c = await newContext(app, viewport ? { viewport } : {});
  contexts.push(c);
  const page = await c.newPage();
  await signIn(page, app.server.url, email);
  return page;
}

const drawer = (page: Page) => page.getByRole('navigation');

/** Opens a consult list from the drawer's group. */
async function openView(page: Page, path: string, title: string) {
  await page.goto(`${app.server.url}/${path}`);
  await cell(page, title).waitFor();
}

describe('the consult group and its gates', () => {
  it('shows a lands officer every consult screen, a proponent no response list', async () => {
    const officer = await person(OFFICER);
    const nav = drawer(officer);
    for (const name of [
      'Consultations',
      'Responses',
      'Organisations',
      'Contacts',
      'Consultation files',
      'Communications',
      'Meetings',
    ])
      await expect.poll(() => nav.getByRole('link', { name, exact: true }).count()).toBeGreaterThan(0);

    const proponent = await person(PROPONENT);
    await drawer(proponent).getByRole('link', { name: 'Consultations', exact: true }).waitFor();
    expect(await drawer(proponent).getByRole('link', { name: 'Responses', exact: true }).count()).toBe(0);
    // By address: the response list is refused before its code loads.
    await proponent.goto(`${app.server.url}/consult.responses`);
    await proponent.getByText('You do not have access').waitFor();
  });

  it('hides the group from a community member without the capability of the screens', async () => {
    const member = await person(MEMBER);
    // Riverbend holds Consult: its members see the group, but not the response work.
    await drawer(member).getByRole('link', { name: 'Consultations', exact: true }).waitFor();
    const regulator = await person(REGULATOR);
    await drawer(regulator).getByRole('link', { name: 'Consultations', exact: true }).waitFor();
    expect(await drawer(regulator).getByRole('link', { name: 'Responses', exact: true }).count()).toBe(0);
  });
});

describe('consultation lists', () => {
  it('lists the consultations a lands officer may read, with their facets', async () => {
    const page = await person(OFFICER);
    await openView(page, 'consult.projects', 'Consultations');
    const list = cell(page, 'Consultations');
    await list
      .getByRole('link', { name: /North Loop expansion/ })
      .first()
      .waitFor();
    // The proponent's draft is theirs alone.
    expect(await list.getByText('Cedar Creek compressor station').count()).toBe(0);
    // List-of-values keys read as the community's words, in the rows and in the facets.
    const results = list.getByRole('table', { name: 'Results' });
    await results
      .getByText(/North Territory/)
      .first()
      .waitFor();
    expect(await results.getByText(/\bNORTH\b/).count()).toBe(0);
    await list
      .getByRole('complementary')
      .getByRole('button', { name: /^North Territory \d+$/ })
      .waitFor();
    await shot(page, 'consult-projects');
    await axeCheck(page, 'consult.projects');
  });

  it('offers the response presets, and leaves the generic state column to admins', async () => {
    const page = await person(OFFICER);
    await openView(page, 'consult.responses', 'Responses');
    const list = cell(page, 'Responses');
    const overdue = list.getByRole('button', { name: 'Overdue' });
    await overdue.waitFor();
    await list
      .getByRole('status')
      .filter({ hasText: /results?/ })
      .waitFor();
    const all = await list
      .getByRole('status')
      .filter({ hasText: /results?/ })
      .innerText();
    expect(await list.getByRole('columnheader', { name: 'State', exact: true }).count()).toBe(0);
    await overdue.click();
    await expect.poll(() => overdue.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() =>
        list
          .getByRole('status')
          .filter({ hasText: /results?/ })
          .innerText(),
      )
      .not.toBe(all);
    await list
      .getByRole('link', { name: /Riverbend crossing replacement/ })
      .first()
      .waitFor();
    expect(await list.getByRole('link', { name: /Tailings dam raise/ }).count()).toBe(0);
    await shot(page, 'consult-responses-overdue');
    await overdue.click();
    const mine = list.getByRole('button', { name: 'Assigned to me' });
    await mine.click();
    await expect.poll(() => mine.getAttribute('aria-pressed')).toBe('true');
    await axeCheck(page, 'consult.responses');
  });

  it('offers the zip of consultation files under its name', async () => {
    const page = await person(OFFICER);
    await openView(page, 'consult.attachments', 'Consultation files');
    await cell(page, 'Consultation files')
      .getByRole('button', { name: 'Export attachments (zip)' })
      .waitFor();
  });

  it('fits a phone', async () => {
    const page = await person(OFFICER, PHONE);
    await openView(page, 'consult.responses', 'Responses');
    await cell(page, 'Responses').getByRole('button', { name: 'Overdue' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'consult-responses-phone');
  });
});

describe('a consultation record', () => {
  it('shows a submitted consultation’s summary and only the moves staff may make', async () => {
    const page = await person(OFFICER);
    await openView(page, 'consult.projects', 'Consultations');
    await cell(page, 'Consultations')
      .getByRole('link', { name: /North Loop expansion/ })
      .first()
      .click();
    const record = cellAt(page, 1);
    const summary = record.getByRole('region', { name: 'Consultation summary' });
    await summary.waitFor();
    await summary.getByText('Submitted', { exact: true }).waitFor();
    await summary.getByText(/^\d+ days left$/).waitFor();
    const moves = summary.getByRole('group', { name: 'Consultation actions' });
    for (const name of ['Start review', 'Mark incomplete', 'Distribute', 'Withdraw'])
      await moves.getByRole('button', { name }).waitFor();
    // Submitting is the proponent's; closing comes after consulting.
    expect(await moves.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    expect(await moves.getByRole('button', { name: 'Close' }).count()).toBe(0);
    // Core's sections show on it: files, conversations and history.
    await record
      .getByRole('heading', { name: /Attachments/ })
      .first()
      .waitFor();
    await record.getByRole('heading', { name: 'Conversations' }).first().waitFor();
    await record.getByRole('heading', { name: 'History' }).first().waitFor();
    await shot(page, 'consult-record-submitted');
    await axeCheck(page, 'consultation record');

    // Mark incomplete needs its message, then moves the consultation.
    await moves.getByRole('button', { name: 'Mark incomplete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark incomplete' });
    await dialog.getByRole('button', { name: 'Mark incomplete' }).click();
    await dialog.getByText('Required').waitFor();
    await dialog.getByRole('textbox', { name: /Message to the proponent/ }).fill('Please add the route map.');
    await dialog.getByRole('button', { name: 'Mark incomplete' }).click();
    await summary.getByText('Incomplete', { exact: true }).waitFor();
    expect(await moves.getByRole('button', { name: 'Distribute' }).count()).toBe(0);
  });

  it('says how overdue a consulting consultation is, and lists its responses to staff only', async () => {
    const page = await person(OFFICER);
    await openView(page, 'consult.projects', 'Consultations');
    await cell(page, 'Consultations')
      .getByRole('link', { name: /Riverbend crossing replacement/ })
      .first()
      .click();
    const record = cellAt(page, 1);
    const summary = record.getByRole('region', { name: 'Consultation summary' });
    await summary.getByText(/^Overdue by \d+ days$/).waitFor();
    await record.getByRole('heading', { name: 'Responses', level: 2 }).waitFor();
    await shot(page, 'consult-record-consulting');
    await setDark(page, true);
    await shot(page, 'consult-record-consulting-dark');
    await setDark(page, false);

    const proponent = await person(PROPONENT);
    await openView(proponent, 'consult.projects', 'Consultations');
    await cell(proponent, 'Consultations')
      .getByRole('link', { name: /Riverbend crossing replacement/ })
      .first()
      .click();
    const theirs = cellAt(proponent, 1);
    await theirs.getByRole('region', { name: 'Consultation summary' }).waitFor();
    // Their consultation, never the community's response.
    await theirs
      .getByRole('heading', { name: /Attachments/ })
      .first()
      .waitFor();
    expect(await theirs.getByRole('heading', { name: 'Responses', level: 2 }).count()).toBe(0);
    // Withdrawing is theirs too; closing is the community's.
    const moves = theirs.getByRole('group', { name: 'Consultation actions' });
    await moves.getByRole('button', { name: 'Withdraw' }).waitFor();
    expect(await moves.getByRole('button', { name: 'Close' }).count()).toBe(0);
  });
});

describe('lifecycle moves through their dialogs', () => {
  it('distributes a consultation under review to the receiving community by default', async () => {
    const page = await person(OFFICER);
    await openView(page, 'consult.projects', 'Consultations');
    await cell(page, 'Consultations')
      .getByRole('link', { name: /North pit extension/ })
      .first()
      .click();
    const record = cellAt(page, 1);
    const summary = record.getByRole('region', { name: 'Consultation summary' });
    await summary.getByText('Review', { exact: true }).waitFor();
    await summary.getByRole('button', { name: 'Distribute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Distribute to communities' });
    // The community that received it is chosen already.
    await dialog.getByRole('button', { name: /Riverbend First Nation/ }).waitFor();
    // The picture once the dialog has faded in.
    await expect
      .poll(() => dialog.evaluate((d) => getComputedStyle(d.closest('.MuiDialog-container')!).opacity))
      .toBe('1');
    await shot(page, 'consult-distribute-dialog');
    await dialog.getByRole('button', { name: 'Distribute' }).click();
    await summary.getByText('Consulting', { exact: true }).waitFor();
    const responses = record.getByTestId('consult-responses');
    await responses.getByRole('link', { name: /Riverbend First Nation/ }).waitFor();
  });

  it('lets the proponent submit an incomplete consultation again, after saying where it goes', async () => {
    const page = await person(PROPONENT);
    await openView(page, 'consult.projects', 'Consultations');
    await cell(page, 'Consultations')
      .getByRole('link', { name: /Bear Pass lateral/ })
      .first()
      .click();
    const summary = cellAt(page, 1).getByRole('region', { name: 'Consultation summary' });
    await summary.getByText('Incomplete', { exact: true }).waitFor();
    await summary.getByRole('button', { name: 'Submit' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(/Submit “Bear Pass lateral” to Riverbend First Nation\?/).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await summary.getByText('Submitted', { exact: true }).waitFor();
    // Theirs no more to change: no Submit now.
    expect(await summary.getByRole('button', { name: 'Submit' }).count()).toBe(0);
  });
});

describe('the guided create form', () => {
  it('checks each step before the next, then saves a draft with its project area', async () => {
    const page = await person(PROPONENT);
    await openView(page, 'consult.projects', 'Consultations');
    await cell(page, 'Consultations').getByRole('button', { name: 'New Consultation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New consultation' });
    await dialog.getByText('Step 1 of 9: Project').waitFor();
    await shot(page, 'consult-create-project');

    // The project name is required.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Required').first().waitFor();
    await dialog.getByRole('textbox', { name: /^Project name/ }).fill('Moose Lake access road');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // The proponent: their organisation and their own contact card are chosen; contacts are
    // required, from it only.
    await dialog.getByText('Step 2 of 9: Proponent').waitFor();
    const me = dialog.getByRole('button', { name: 'Karen Walsh' });
    await me.waitFor();
    await me.focus();
    await page.keyboard.press('Backspace');
    await expect.poll(() => me.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Required').first().waitFor();
    const contacts = dialog.getByRole('combobox', { name: /Proponent contacts/ });
    await contacts.click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    const offered = await options.allInnerTexts();
    expect(offered.length).toBeGreaterThan(0);
    // Riverbend's own staff are not Northern Pipeline's contacts.
    expect(offered.join('|')).not.toMatch(/Riverbend/);
    await options.first().click();
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Supporting contacts without their organisation cannot be chosen (the picker waits for one).
    await dialog.getByText('Step 3 of 9: Supporting').waitFor();
    expect(await dialog.getByRole('combobox', { name: /Supporting contacts/ }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Dates: the end not before the start.
    await dialog.getByText('Step 4 of 9: Dates').waitFor();
    await dialog.getByRole('group', { name: /Project start/ }).click();
    await page.keyboard.type('01052027');
    await dialog.getByRole('group', { name: /Project end/ }).click();
    await page.keyboard.type('30042027');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('The end is before the start').waitFor();
    await shot(page, 'consult-create-dates-error');
    await dialog.getByRole('group', { name: /Project end/ }).click();
    await page.keyboard.type('30062027');
    await dialog.getByRole('button', { name: 'Next' }).click();

    await dialog.getByText('Step 5 of 9: Details').waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();

    // The project area (the geometry field editor): bad JSON is named, good GeoJSON summed up.
    await dialog.getByText('Step 6 of 9: Project area').waitFor();
    const geo = dialog.getByRole('textbox', { name: 'Paste GeoJSON' });
    await geo.fill('{"type": "Polygon",');
    await dialog.getByText('This is not valid JSON.').waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Step 6 of 9: Project area').waitFor();
    await geo.fill(
      JSON.stringify({
        type: 'Feature',
        properties: { name: 'Road corridor' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [-123, 49],
              [-122.9, 49],
              [-122.9, 49.1],
              [-123, 49],
            ],
          ],
        },
      }),
    );
    await dialog.getByText(/^Area, 3 points, /).waitFor();
    await shot(page, 'consult-create-area');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // The community, then the draft is saved and its files can be added.
    await dialog.getByText('Step 7 of 9: Community').waitFor();
    await dialog.getByRole('combobox', { name: /Submitted to/ }).click();
    await page
      .getByRole('option', { name: /Riverbend/ })
      .first()
      .click();
    // The duplicate and overlap check before the draft is saved.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Step 8 of 9: Check').waitFor();
    await dialog.locator('[data-testid="consult-intake-check"][aria-busy="false"]').waitFor();
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await dialog.getByText('Step 9 of 9: Files').waitFor();
    await shot(page, 'consult-create-files');
    await dialog.getByRole('button', { name: 'Done' }).click();
    const record = cellAt(page, 1);
    const summary = record.getByRole('region', { name: 'Consultation summary' });
    await summary.getByText('Draft', { exact: true }).waitFor();
    await summary
      .getByRole('group', { name: 'Consultation actions' })
      .getByRole('button', { name: 'Submit' })
      .waitFor();
    const id = new URL(page.url()).pathname
      .split('/')
      .find((s) => s.startsWith('i-Consultation-'))!
      .slice(2);
    const saved = await stored(app, id.split('~')[0]!);
    expect(saved.projectName).toBe('Moose Lake access road');
    expect(saved.projectEndDt).toBe('2027-06-30');
    expect(saved.state).toBe('DRAFT');
    // The pasted area became the consultation's project area.
    const areas = await app.server.app.services.search.search(SYSTEM, {
      must: { _t: ['ConsultProjectFeature'], consultation: [saved.$id as string] },
      max: 5,
    });
    expect(areas.total).toBe(1);
  });

  it('fits a phone, one step at a time', async () => {
    const page = await person(PROPONENT, PHONE);
    await page.goto(`${app.server.url}/consult.projects`);
    await page.getByRole('button', { name: 'New Consultation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New consultation' });
    await dialog.getByText('Step 1 of 9: Project').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'consult-create-phone');
    await page.keyboard.press('Escape');
    await page
      .getByRole('link', { name: /North Loop expansion/ })
      .first()
      .click();
    await page.getByRole('region', { name: 'Consultation summary' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'consult-record-phone');
  });
});

describe('organisations', () => {
  it('lets community staff record a proponent organisation and a first contact', async () => {
    const page = await person(OFFICER);
    await openView(page, 'consult.organizations', 'Organisations');
    await setDark(page, true);
    await cell(page, 'Organisations').getByRole('table').waitFor();
    await shot(page, 'consult-organizations-dark');
    await setDark(page, false);
    await cell(page, 'Organisations').getByRole('button', { name: 'Record an organisation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record an organisation' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Required').waitFor();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Granite Ridge Consulting');
    await shot(page, 'consult-org-dialog');
    await dialog.getByRole('button', { name: 'Save and add a contact' }).click();
    const contact = page.getByRole('dialog', { name: 'A contact at Granite Ridge Consulting' });
    await contact.getByRole('textbox', { name: /^Last name/ }).fill('Okafor');
    await contact.getByRole('button', { name: 'Create' }).click();
    await contact.getByText('Required').waitFor();
    await contact.getByRole('textbox', { name: /^First name/ }).fill('Ada');
    await contact.getByRole('button', { name: 'Create' }).click();
    await alertText(page, /created/i)
      .first()
      .waitFor();

    // A proponent has no such button.
    const proponent = await person(PROPONENT);
    await openView(proponent, 'consult.organizations', 'Organisations');
    await cell(proponent, 'Organisations')
      .getByRole('table')
      .or(cell(proponent, 'Organisations').getByText(/Nothing/))
      .first()
      .waitFor();
    expect(await proponent.getByRole('button', { name: 'Record an organisation' }).count()).toBe(0);
  });
});
