import { describe, expect, it } from 'vitest';
import { letterBlocks, plainText } from '../server/letters/blocks';
import { escapeMarkdown, fillTemplate, unfilled } from '../letter-fill';
import { letterFileName } from '../server/letters/acts';
import { scriptRuns } from '../server/letters/pdf';

// Filling a letter template and reading it back as the blocks the PDF and DOCX are made of.

const NAME = 'Sḵwx̱wú7mesh Úxwumixw ᓀᐦᐃᔭᐍᐏᐣ';

describe('fillTemplate', () => {
  it('fills known fields, keeps the Indigenous name exactly', () => {
    const r = fillTemplate(
      'Dear {{ proponent.name }},\n\n{{community.name}} has reviewed {{project.name}}.',
      {
        'proponent.name': 'Northern Pipeline Corp',
        'community.name': NAME,
        'project.name': 'Ridge road',
      },
    );
    expect(r.missing).toEqual([]);
    expect(plainText(letterBlocks(r.text))).toBe(
      `Dear Northern Pipeline Corp,\n\n${NAME} has reviewed Ridge road.`,
    );
  });

  it('leaves missing and unknown placeholders in place and lists them once', () => {
    const r = fillTemplate('{{project.name}} / {{response.outcome}} / {{nope}} / {{response.outcome}}', {
      'project.name': 'Ridge',
      'response.outcome': '   ',
    });
    expect(r.text).toBe('Ridge / {{response.outcome}} / {{nope}} / {{response.outcome}}');
    expect(r.missing).toEqual(['response.outcome', 'nope']);
    expect(unfilled(r.text)).toEqual(['response.outcome', 'nope']);
  });

  it('escapes Markdown in values: a name never becomes formatting, a list or a link', () => {
    const evil = '*Site C* <b>x</b> [click](javascript:alert(1))\n# heading';
    const r = fillTemplate('Project: {{project.name}}', { 'project.name': evil });
    const blocks = letterBlocks(r.text);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.kind).toBe('paragraph');
    const runs = blocks[0]!.kind === 'paragraph' ? blocks[0]!.runs : [];
    expect(runs.every((x) => !x.bold && !x.italics)).toBe(true);
    expect(plainText(blocks)).toBe('Project: *Site C* <b>x</b> [click](javascript:alert(1)) # heading');
  });

  it('says a line once when it repeats the line above it (no contact: the organisation is the name)', () => {
    const { text } = fillTemplate(
      '{{addressee.name}}\n{{addressee.organisation}}\n\nDear {{addressee.name}},',
      {
        'addressee.name': 'Northern Pipeline Corp.',
        'addressee.organisation': 'Northern Pipeline Corp.',
      },
    );
    expect(text).toBe('Northern Pipeline Corp.\n\nDear Northern Pipeline Corp.,');
    expect(
      fillTemplate('{{addressee.name}}\n{{addressee.organisation}}', {
        'addressee.name': 'Tom Baptiste',
        'addressee.organisation': 'Northern Pipeline Corp.',
      }).text,
    ).toBe('Tom Baptiste\nNorthern Pipeline Corp.');
  });

  it('does not fill a value that looks like a placeholder', () => {
    const r = fillTemplate('{{project.name}}', { 'project.name': '{{today}}', today: 'x' });
    expect(plainText(letterBlocks(r.text))).toBe('{{today}}');
  });

  it('writes lists as bullets on their own lines', () => {
    const r = fillTemplate('Concerns: {{response.concerns}} Thank you.', {
      'response.concerns': ['Salmon *spawning*', 'Access to ł sites'],
    });
    const blocks = letterBlocks(r.text);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'list', 'paragraph']);
    expect(plainText(blocks)).toBe('Concerns:\n\n• Salmon *spawning*\n• Access to ł sites\n\nThank you.');
  });

  it('escapeMarkdown folds line breaks, and escapes list marks only where a line starts', () => {
    expect(escapeMarkdown('a\r\n\nb_c')).toBe('a b\\_c');
    expect(escapeMarkdown('Corp. (2024)')).toBe('Corp. (2024)');
    for (const v of ['1. Pipeline', '2) Road', '- dash', '+ plus', '# hash', '===', 'AT&amp;T']) {
      const blocks = letterBlocks(fillTemplate('Title\n{{project.name}}', { 'project.name': v }).text);
      expect(plainText(blocks)).toBe(`Title\n${v}`);
    }
  });
});

describe('letter layout', () => {
  it('keeps bold, headings and numbered lists', () => {
    const blocks = letterBlocks('# Re: project\n\nWe **do not** consent.\n\n1. one\n2. two');
    expect(blocks[0]).toEqual({ kind: 'heading', level: 1, runs: [{ text: 'Re: project' }] });
    expect(blocks[1]).toEqual({
      kind: 'paragraph',
      runs: [{ text: 'We ' }, { text: 'do not', bold: true }, { text: ' consent.' }],
    });
    expect(blocks[2]).toMatchObject({ kind: 'list', ordered: true });
  });

  it('cuts runs where syllabics start and end', () => {
    expect(scriptRuns([{ text: 'Cree: ᓀᐦᐃᔭᐍᐏᐣ x̱', bold: true }])).toEqual([
      { text: 'Cree: ', bold: true },
      { text: 'ᓀᐦᐃᔭᐍᐏᐣ', bold: true, font: 'NotoSyllabics' },
      { text: ' x̱', bold: true },
    ]);
  });

  it('names files safely', () => {
    expect(letterFileName('Response: Ridge/road ᓀᐦᐃᔭᐍᐏᐣ', 'pdf')).toBe('Response Ridge road ᓀᐦᐃᔭᐍᐏᐣ.pdf');
  });
});
