import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SYSTEM } from '../src/server/access/principal';
import { loadPrincipal } from '../src/server/auth/principals';
import { query } from '../src/server/db/query';
import type { FormDefinition } from '../src/modules/geokeeper/form/definition';
import { writeXlsx } from '../src/modules/geokeeper/test/xlsx-writer';
import { axeCheck } from './helpers/axe';
import {
  cell,
  clickSteady,
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

// The form builder and the XLSForm import (issue 20 "a form built, and an XLSForm imported";
// docs/geokeeper-forms.md). Riverbend's lands officer opens the demo's "Site observation" form,
// which has no definition yet, and builds it: a required text, a select one with its own choices,
// a text shown only when the water is cloudy (the plain-words rule), a whole number with a
// constraint and a GPS point; the preview shows the rule and the required message as a monitor
// will see them; saved as version 1 and reopened. Then, from the program's menu, an XLSForm with
// one unsupported row (a calculate at row 5) is checked, its problem reported by row, and created.

const OFFICER = 'lands.officer@riverbend.example';
const FORM = 'Spawning bed survey';
const PROGRAM = 'Beaver Creek culvert monitoring';
const PHONE = { width: 390, height: 844 };

let app: E2EApp;
const contexts: BrowserContext[] = [];
let page: Page;
let formId = '';
let programId = '';

beforeAll(async () => {
  app = await startApp();
  const { search } = app.server.app.services;
  programId = (await search.search(SYSTEM, { must: { _t: ['GeoKeeperProgram'] } })).ids[0]!;
  // A new form with no definition yet, as the lands officer makes one before building it (the
  // demo's own forms already have fields).
  const { items } = app.server.app.services;
  const [officer] = await query<{ id: string }>(
    items.db,
    sql`select id from items where type = 'User' and data->>'email' = ${OFFICER}`,
  );
  const lands = (await loadPrincipal(items.db, officer!.id))!;
  formId = (
    await items.create(lands, 'GeoKeeperFormDef', {
      label: FORM,
      machineName: 'bc_spawning',
      formType: 'RECORD',
      program: programId,
      version: 1,
    })
  ).$id;
  const c = await newContext(app);
  contexts.push(c);
  page = await c.newPage();
  await signIn(page, app.server.url, OFFICER);
}, 180_000);

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

async function addField(builder: ReturnType<Page['getByTestId']>, kind: string, label: string) {
  await clickSteady(builder.getByRole('button', { name: /^Add a field/ }).first());
  await page.getByRole('menuitem', { name: kind, exact: true }).click();
  const editor = builder.getByTestId('field-editor');
  await editor.waitFor();
  await editor.getByRole('textbox', { name: 'Question or label' }).fill(label);
  return editor;
}

describe('the form builder', () => {
  it('builds a form with a rule and a required field, seen in the preview, saves and reopens it', async () => {
    await page.goto(`${app.server.url}/i-${formId}`);
    const record = cell(page, FORM);
    const builder = record.getByTestId('form-builder');
    await builder.waitFor({ timeout: 30_000 });
    await expect.poll(() => builder.getByTestId('builder-version').textContent()).toBe('Version 1');

    let editor = await addField(builder, 'Text', 'River name');
    await expect
      .poll(() => editor.getByRole('textbox', { name: /^Name in the data/ }).inputValue())
      .toBe('river_name');
    await editor.getByRole('checkbox', { name: 'An answer is required' }).check();

    editor = await addField(builder, 'Select one', 'Water colour');
    await editor.getByRole('textbox', { name: 'Choice 1', exact: true }).fill('Clear');
    await editor.getByRole('textbox', { name: 'Choice 2', exact: true }).fill('Cloudy');

    editor = await addField(builder, 'Text', 'Why is it cloudy');
    await editor.getByRole('radio', { name: 'When another answer is…' }).check();
    await editor.getByRole('combobox', { name: 'is' }).click();
    await page.getByRole('option', { name: 'Cloudy' }).click();

    editor = await addField(builder, 'Whole number', 'Fish seen');
    await editor.getByRole('textbox', { name: 'Accept the answer only when (expression)' }).fill('. >=');
    // A rule that does not parse says why, in words, where it is typed.
    await editor.getByText(/The expression ends too early \(at character 5\)/).waitFor();
    await editor.getByRole('textbox', { name: 'Accept the answer only when (expression)' }).fill('. >= 0');
    await editor.getByRole('textbox', { name: 'Message when it is not accepted' }).fill('Count zero or more');

    await addField(builder, 'GPS point', 'Where');

    // The preview: the rule hides "Why is it cloudy" until the water is cloudy.
    const preview = builder.getByTestId('form-preview');
    await preview.getByRole('radio', { name: 'Clear' }).waitFor();
    expect(await preview.getByRole('textbox', { name: /^Why is it cloudy/ }).count()).toBe(0);
    await preview.getByRole('radio', { name: 'Cloudy' }).check();
    await preview.getByRole('textbox', { name: /^Why is it cloudy/ }).waitFor();
    // The required message, once the field has been answered and emptied.
    const river = preview.getByRole('textbox', { name: /^River name/ });
    await river.fill('x');
    await river.fill('');
    await preview.getByText('This answer is required').waitFor();
    await preview.getByRole('textbox', { name: /^Fish seen/ }).fill('-2');
    await preview.getByText('Count zero or more').waitFor();
    await preview.getByRole('button', { name: 'Record my position' }).waitFor();
    await builder
      .getByTestId('builder-version-note')
      .getByText('Saving makes the first version of this form.')
      .waitFor();
    await shot(page, 'geokeeper-builder-light');
    await axeCheck(page, 'form builder (light)');

    await builder.getByRole('button', { name: 'Save the form' }).click();
    await builder.getByText('Saved: version 1.').waitFor();
    const saved = (await stored(app, formId)) as { definition: FormDefinition; version: number };
    expect(saved.version).toBe(1);
    expect(saved.definition.fields.map((f) => `${f.name}:${f.kind}`)).toEqual([
      'river_name:text',
      'water_colour:select_one',
      'why_is_it_cloudy:text',
      'fish_seen:integer',
      'where:geopoint',
    ]);
    expect(saved.definition.fields[0]!.required).toBe(true);
    expect(saved.definition.fields[2]!.relevant).toBe("${water_colour} = 'cloudy'");
    const colours = saved.definition.fields[1]!.choices as { list: string };
    expect(saved.definition.lists[colours.list]).toEqual([
      { value: 'clear', label: 'Clear' },
      { value: 'cloudy', label: 'Cloudy' },
    ]);

    // Reopened: the fields as saved, and a new field would make version 2.
    await page.reload();
    await builder.waitFor({ timeout: 30_000 });
    await expect.poll(() => builder.getByTestId('builder-version').textContent()).toBe('Version 1');
    await builder.getByTestId('builder-row-why_is_it_cloudy').waitFor();
    await builder.getByTestId('builder-row-where').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect
      .poll(async () =>
        (
          await builder.locator('[data-row]').evaluateAll((els) => els.map((e) => e.getAttribute('data-row')))
        ).slice(3),
      )
      .toEqual(['where', 'fish_seen']);
    await builder
      .getByTestId('builder-version-note')
      .getByText(/^Saving keeps version 1/)
      .waitFor();
    await addField(builder, 'Photo', 'Photo of the bank');
    await builder
      .getByTestId('builder-version-note')
      .getByText(/^Saving makes version 2/)
      .waitFor();

    await setDark(page, true);
    await shot(page, 'geokeeper-builder-dark');
    await axeCheck(page, 'form builder (dark)');
    await setDark(page, false);
    await builder.getByRole('button', { name: 'Undo my changes' }).click();

    // On a phone (loaded as one: a desktop's drawer would stay open over it), the record is the
    // only column, titled in the app bar: the builder by its test id.
    await page.setViewportSize(PHONE);
    await page.reload();
    const small = page.getByTestId('form-builder');
    await small.waitFor({ timeout: 30_000 });
    await small.getByRole('tab', { name: 'Build' }).scrollIntoViewIfNeeded();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'geokeeper-builder-phone');
    await small.getByRole('tab', { name: 'Preview' }).click();
    await small
      .getByTestId('form-preview')
      .getByRole('textbox', { name: /^River name/ })
      .waitFor();
    await small.getByRole('tab', { name: 'Preview', selected: true }).scrollIntoViewIfNeeded();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'geokeeper-builder-phone-preview');
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 400_000);
});

describe('XLSForm import', () => {
  it('reports the unsupported row by its number and creates the form', async () => {
    const file = writeXlsx([
      {
        name: 'survey',
        rows: [
          ['type', 'name', 'label', 'required', 'relevant'],
          ['text', 'river', 'River', 'yes', null],
          ['select_one colours', 'colour', 'Colour', null, null],
          ['text', 'why', 'Why cloudy', null, "${colour} = 'cloudy'"],
          ['calculate', 'total', 'Total', null, null],
          ['geopoint', 'where', 'Where', null, null],
        ],
      },
      {
        name: 'choices',
        rows: [
          ['list_name', 'name', 'label'],
          ['colours', 'clear', 'Clear'],
          ['colours', 'cloudy', 'Cloudy'],
        ],
      },
      { name: 'settings', rows: [['form_title'], ['River check']] },
    ]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.server.url}/i-${programId}`);
    const record = cell(page, PROGRAM);
    await record.waitFor();
    // The dialog in dark mode (the menu that turns it on is behind the dialog once it is open).
    await setDark(page, true);
    await clickSteady(record.getByRole('button', { name: 'More actions' }));
    await page.getByRole('menuitem', { name: 'Import XLSForm…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import an XLSForm' });
    await dialog.waitFor();
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'river-check.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await dialog
      .getByText('The spreadsheet makes a form of 4 fields.', { exact: false })
      .waitFor({ timeout: 30_000 });
    const problems = dialog.getByTestId('xlsform-problem');
    await expect.poll(() => problems.count()).toBe(1);
    const cells = await problems.first().getByRole('cell').allTextContents();
    expect(cells.slice(0, 2)).toEqual(['survey', '5']);
    expect(cells[3]).toContain('The type calculate is not supported; the row was skipped');
    await shot(page, 'geokeeper-xlsform-dark');
    await axeCheck(page, 'XLSForm import (dark)');

    await dialog.getByRole('button', { name: 'Create the form' }).click();
    await dialog
      .getByTestId('xlsform-done')
      .getByText(/The form River check was created \(version 1\)/)
      .waitFor();
    const { search } = app.server.app.services;
    const made = (
      await search.search(SYSTEM, { must: { _t: ['GeoKeeperFormDef'], machineName: ['river_check'] } })
    ).ids[0]!;
    const form = (await stored(app, made)) as { definition: FormDefinition; program: string };
    expect(form.program).toBe(programId);
    expect(form.definition.fields.map((f) => f.name)).toEqual(['river', 'colour', 'why', 'where']);
    await dialog.getByRole('link', { name: 'Open the form' }).click();
    await cell(page, 'River check').getByTestId('form-builder').waitFor({ timeout: 30_000 });
    await setDark(page, false);
    await page.setViewportSize(PHONE);
    await shot(page, 'geokeeper-xlsform-form-phone');
  }, 300_000);
});
