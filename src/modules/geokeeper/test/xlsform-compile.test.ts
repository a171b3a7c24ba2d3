import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FORM_LIMITS } from '../form/definition';
import { geokeeperFormEn } from '../form/en';
import { evaluateForm } from '../form/evaluate';
import { compileXlsForm, XLSFORM_LIMITS, XLSFORM_PROBLEM_KEYS, type XlsFormProblem } from '../server/xlsform';
import { HARVEST_CHOICES, HARVEST_SETTINGS, HARVEST_SURVEY } from './fixtures/harvest-xlsform';
import { writeXlsx, type SheetInput } from './xlsx-writer';

// XLSForm import (docs/geokeeper-forms.md "XLSForm import"): real .xlsx files in, a checked
// definition and every problem by sheet and row out.

const brief = (p: XlsFormProblem) =>
  `${p.sheet}:${p.row}:${p.key}${p.column ? `[${p.column}]` : ''}${p.params ? ` ${JSON.stringify(p.params)}` : ''}`;

const compile = (sheets: SheetInput[]) => compileXlsForm(writeXlsx(sheets));

describe('XLSForm import', () => {
  it('compiles the harvest form and reports what it left out, by row', async () => {
    const { definition, problems } = await compile([HARVEST_SETTINGS, HARVEST_SURVEY, HARVEST_CHOICES]);
    expect(problems.map(brief)).toEqual([
      'survey:8:unsupportedType {"type":"calculate"}',
      'survey:16:unsupportedColumn[choice_filter] {"type":"select_one species"}',
      'survey:19:unsupportedType {"type":"start"}',
      'survey:20:badExpression[constraint] {"reason":"unexpectedEnd","pos":3}',
      'survey:21:duplicateName {"name":"monitor"}',
      'survey:22:unknownList[type] {"list":"nolist"}',
      'survey:23:unbalancedEnd {"type":"end group"}',
      'survey:24:unknownReference[relevant] {"name":"total"}',
      'survey:27:missingLabel {"name":"area"}',
      'choices:8:duplicateChoice {"list":"gear","name":"net"}',
    ]);
    expect(problems.filter((p) => p.severity === 'warning').map((p) => p.row)).toEqual([27]);

    expect(definition?.title).toBe('Harvest monitoring');
    expect(definition?.lists).toEqual({
      species: [
        { value: 'moose', label: 'Moose', labels: { 'Dënesųłıné (chp)': 'Dëníe' } },
        { value: 'caribou', label: 'Caribou', labels: { 'Dënesųłıné (chp)': 'Etthën' } },
        { value: 'other', label: 'Other' },
      ],
      gear: [
        { value: 'rifle', label: 'Rifle' },
        { value: 'net', label: 'Net' },
        { value: 'trap', label: 'Trap' },
      ],
    });
    expect(definition?.fields).toEqual([
      { name: 'intro', kind: 'note', label: 'Record each harvest on this trip.' },
      {
        name: 'trip',
        kind: 'group',
        label: 'Trip',
        labels: { 'Dënesųłıné (chp)': 'Nádé' },
        fields: [
          { name: 'monitor', kind: 'text', label: 'Monitor', hint: 'Your full name', required: true },
          {
            name: 'trip_date',
            kind: 'date',
            label: 'Date',
            constraint: '. <= today()',
            constraintMessage: 'Not in the future',
          },
        ],
      },
      {
        name: 'hunters',
        kind: 'integer',
        label: 'Hunters',
        constraint: '. >= 1 and . <= 40',
        constraintMessage: 'Between 1 and 40',
        default: '1',
      },
      {
        name: 'harvests',
        kind: 'repeat',
        label: 'Harvest',
        fields: [
          {
            name: 'species',
            kind: 'select_one',
            label: 'Species',
            labels: { 'Dënesųłıné (chp)': 'Tth’ı' },
            choices: { list: 'species' },
            required: true,
            requiredMessage: 'Which animal?',
          },
          {
            name: 'species_other',
            kind: 'text',
            label: 'Which other species?',
            required: true,
            relevant: "${species} = 'other'",
          },
          { name: 'gear', kind: 'select_multiple', label: 'Gear', choices: { list: 'gear' } },
          {
            name: 'net_mesh',
            kind: 'decimal',
            label: 'Net mesh (cm)',
            relevant: "selected(${gear}, 'net')",
            constraint: '. > 0',
          },
          { name: 'location', kind: 'geopoint', label: 'Where' },
          { name: 'photo', kind: 'photo', label: 'Photo' },
          // Compiled without its choice filter: every species is offered.
          { name: 'favourite', kind: 'select_one', label: 'Favourite', choices: { list: 'species' } },
        ],
      },
      { name: 'finished', kind: 'datetime', label: 'Finished at' },
      // Kept, without the rule that did not parse.
      { name: 'bad_rule', kind: 'integer', label: 'Bad rule' },
      // Kept, without the relevance on a calculation the import left out.
      { name: 'ghost', kind: 'text', label: 'Ghost' },
      { name: 'form_kind', kind: 'text', label: 'Form', default: 'harvest', readOnly: true },
      { name: 'area', kind: 'geoshape', label: 'area' },
    ]);
  });

  it('gives a definition the form engine runs', async () => {
    const { definition } = await compile([HARVEST_SETTINGS, HARVEST_SURVEY, HARVEST_CHOICES]);
    const state = evaluateForm(
      definition!,
      {
        trip: { monitor: 'Mary' },
        hunters: 50,
        harvests: [{ species: 'other', gear: ['net'], net_mesh: 0 }],
      },
      { today: '2026-11-25' },
    );
    expect(state.fields.filter((f) => f.errors.length).map((f) => `${f.key}:${f.errors[0]!.key}`)).toEqual([
      'hunters:constraint',
      'harvests.0.species_other:required',
      'harvests.0.net_mesh:constraint',
    ]);
    expect(state.data.form_kind).toBe('harvest');
  });

  it('reads plain label columns, and the first language when there is no default', async () => {
    const plain = await compile([
      {
        name: 'survey',
        rows: [
          ['type', 'name', 'label', 'label::French (fr)'],
          ['text', 'a', 'A', 'Un'],
        ],
      },
    ]);
    expect(plain.definition?.fields).toEqual([
      { name: 'a', kind: 'text', label: 'A', labels: { 'French (fr)': 'Un' } },
    ]);
    const langs = await compile([
      {
        name: 'Survey',
        rows: [
          ['Type', 'Name', 'Label::French (fr)', 'Label::Cree (cr)'],
          ['integer', 'a', 'Un', 'Peyak'],
        ],
      },
    ]);
    expect(langs.definition?.fields).toEqual([
      { name: 'a', kind: 'integer', label: 'Un', labels: { 'Cree (cr)': 'Peyak' } },
    ]);
    expect(langs.problems).toEqual([]);
  });

  it('reports unknown columns, conditional required, mismatched and unclosed groups', async () => {
    const { definition, problems } = await compile([
      {
        name: 'survey',
        rows: [
          [
            'type',
            'name',
            'label',
            'required',
            'colour',
            'repeat_count',
            '$given_name',
            'kobo--score-choices',
          ],
          ['begin repeat', 'r', 'R', null, null, '3'],
          ['text', 'a', 'A', '${b} = 1'],
          ['end group'],
          ['begin group', 'g', 'G'],
          ['text', 'b', 'B', 'no'],
        ],
      },
    ]);
    expect(problems.map(brief)).toEqual([
      'survey:1:unknownColumn[colour]',
      'survey:2:unsupportedColumn[repeat_count] {"type":"begin repeat"}',
      'survey:2:unclosed {"name":"r"}',
      'survey:3:requiredExpression[required] {"value":"${b} = 1"}',
      'survey:4:mismatchedEnd {"type":"end group","open":2}',
      'survey:5:unclosed {"name":"g"}',
    ]);
    expect(definition?.fields).toEqual([
      {
        name: 'r',
        kind: 'repeat',
        label: 'R',
        fields: [
          { name: 'a', kind: 'text', label: 'A' },
          { name: 'g', kind: 'group', label: 'G', fields: [{ name: 'b', kind: 'text', label: 'B' }] },
        ],
      },
    ]);
  });

  it('drops a group left empty and a field whose select names no list', async () => {
    const { definition, problems } = await compile([
      {
        name: 'survey',
        rows: [
          ['type', 'name', 'label'],
          ['begin group', 'empty', 'Empty'],
          ['calculate', 'c', ''],
          ['end group'],
          ['select_one', 'pick', 'Pick'],
          ['select_one yn or_other', 'yn', 'Yes or no'],
          ['text', '9lives', 'Bad name'],
          ['text', '', 'No name'],
          ['', 'orphan', 'No type'],
          ['integer', 'n', 'N'],
        ],
      },
      {
        name: 'choices',
        rows: [
          ['list_name', 'name', 'label'],
          ['yn', 1, 'Yes'],
          ['yn', '0', 'No'],
          ['yn', 'not sure', 'Not sure'],
        ],
      },
    ]);
    expect(problems.map(brief)).toEqual([
      'survey:2:emptyContainer[fields]',
      'survey:3:unsupportedType {"type":"calculate"}',
      'survey:5:missingList {"type":"select_one"}',
      'survey:6:orOtherUnsupported {"list":"yn"}',
      'survey:7:badName {"name":"9lives"}',
      'survey:8:missingName',
      'survey:9:missingType',
      'choices:4:badName {"name":"not sure"}',
    ]);
    expect(definition?.fields.map((f) => f.name)).toEqual(['yn', 'n']);
    // Numeric choice values, as KoboToolbox forms often have, in number or text cells.
    expect(definition?.lists.yn).toEqual([
      { value: '1', label: 'Yes' },
      { value: '0', label: 'No' },
    ]);
  });

  it('closes a begin row it left out with its own end, keeping its rows in the level above', async () => {
    const { definition, problems } = await compile([
      {
        name: 'survey',
        rows: [
          ['type', 'name', 'label'],
          ['begin group', 'bad name', 'G'],
          ['text', 'a', 'A'],
          ['end group'],
          ['begin repeat', 'r', 'R'],
          ['text', 'b', 'B'],
          ['end repeat'],
        ],
      },
    ]);
    expect(problems.map(brief)).toEqual(['survey:2:badName {"name":"bad name"}']);
    expect(definition?.fields.map((f) => [f.name, f.fields?.map((x) => x.name)])).toEqual([
      ['a', undefined],
      ['r', ['b']],
    ]);
  });

  it('stops at the field limit and says where', async () => {
    const rows = Array.from({ length: FORM_LIMITS.maxFields + 3 }, (_, i) => ['integer', `n${i}`, `N${i}`]);
    const { definition, problems } = await compile([
      { name: 'survey', rows: [['type', 'name', 'label'], ...rows] },
    ]);
    expect(problems.map(brief)).toEqual([
      `survey:${FORM_LIMITS.maxFields + 2}:tooManyFields {"max":${FORM_LIMITS.maxFields}}`,
    ]);
    expect(definition?.fields).toHaveLength(FORM_LIMITS.maxFields);
  });

  it('gives no definition when nothing compiles, or there is no survey sheet', async () => {
    const empty = await compile([
      {
        name: 'survey',
        rows: [
          ['type', 'name', 'label'],
          ['calculate', 'c', ''],
        ],
      },
    ]);
    expect(empty.definition).toBeUndefined();
    expect(empty.problems.map(brief)).toEqual([
      'survey:0:noFields',
      'survey:2:unsupportedType {"type":"calculate"}',
    ]);
    const noSurvey = await compile([{ name: 'Sheet1', rows: [['type', 'name']] }]);
    expect(noSurvey).toEqual({
      problems: [{ sheet: null, row: 0, key: 'noSurveySheet', severity: 'error' }],
    });
    const noName = await compile([
      {
        name: 'survey',
        rows: [
          ['type', 'label'],
          ['text', 'A'],
        ],
      },
    ]);
    expect(noName.problems.map(brief)).toEqual(['survey:1:missingColumn {"column":"name"}']);
  });

  it('says clearly when a file is not an .xlsx at all, never crashes', async () => {
    const notXlsx = [{ sheet: null, row: 0, key: 'notXlsx', severity: 'error' }];
    expect(await compileXlsForm(Buffer.from('type,name,label\ntext,a,A\n'))).toEqual({ problems: notXlsx });
    expect(await compileXlsForm(Buffer.alloc(0))).toEqual({ problems: notXlsx });
    // A zip, but not a workbook.
    expect(await compileXlsForm(zipSync({ 'notes.txt': strToU8('hello') }))).toEqual({ problems: notXlsx });
    // A workbook cut short.
    const whole = writeXlsx([HARVEST_SURVEY]);
    expect(await compileXlsForm(whole.subarray(0, Math.floor(whole.length / 2)))).toEqual({
      problems: notXlsx,
    });
    // Too big to read.
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(XLSFORM_LIMITS.maxFileBytes)]);
    expect((await compileXlsForm(big)).problems[0]?.key).toBe('tooLarge');
  });

  it('refuses a small zip that declares a huge unzipped size', async () => {
    // Zeros compress about a thousand to one: 60 MB of them fit in a small upload.
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(XLSFORM_LIMITS.maxUnzippedBytes + 1) });
    expect(bomb.length).toBeLessThan(XLSFORM_LIMITS.maxFileBytes);
    expect((await compileXlsForm(bomb)).problems.map((p) => p.key)).toEqual(['tooLarge']);
  });

  it('counts what a zip really inflates to, not the sizes it declares (issue 36)', async () => {
    // The same zeros, with the directory and the local header declaring 100 bytes: the old
    // check believed the declaration and read-excel-file inflated 60 MB into memory.
    const bomb = Buffer.from(
      zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(XLSFORM_LIMITS.maxUnzippedBytes + 1) }),
    );
    bomb.writeUInt32LE(100, 22);
    const cd = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(100, cd + 24);
    const started = Date.now();
    expect((await compileXlsForm(bomb)).problems).toEqual([
      {
        sheet: null,
        row: 0,
        key: 'tooLarge',
        severity: 'error',
        params: { max: XLSFORM_LIMITS.maxUnzippedBytes },
      },
    ]);
    // Stopped at the limit, not after inflating the whole part.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('has an English text for every problem it reports', () => {
    const texts: Record<string, string> = geokeeperFormEn.geokeeper.form.xlsform;
    expect(XLSFORM_PROBLEM_KEYS.filter((k) => !texts[k])).toEqual([]);
  });
});
