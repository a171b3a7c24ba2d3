import { describe, expect, it } from 'vitest';
import { editableLetter, letterRefusal, shownAfterSave } from '../client/letters/letter-model';
import { letterFileName, pdfBlob, recipientLine } from '../client/letters/preview-model';
import { sentLetterFiles } from '../client/letters/sent-model';
import { groupedFields, insertPlaceholder, previewOf, sampleValues } from '../client/letters/template-model';
import { LETTER_FIELDS } from '../letter-types';

// The letter panel's reading of refusals: each names what to do, not a generic failure.

describe('letterRefusal', () => {
  it('names the placeholders still in the letter', () => {
    const e = {
      userMessage: 'invalidInput',
      fields: [{ path: 'body', key: 'errors.required', params: { missing: 'response.outcome' } }],
    };
    expect(letterRefusal(e)).toEqual({
      key: 'consult.letter.errors.unfilled',
      params: { fields: 'response.outcome' },
    });
  });

  it('says to draft the letter first, and who approves', () => {
    expect(
      letterRefusal({ userMessage: 'invalidInput', fields: [{ path: 'letter', key: 'errors.required' }] }),
    ).toEqual({ key: 'consult.letter.errors.noLetter' });
    expect(letterRefusal({ userMessage: 'notAllowed', fields: [] })).toEqual({
      key: 'consult.letter.errors.notApprover',
    });
    expect(letterRefusal(new Error('x'))).toEqual({ key: 'errors.generalFailure' });
  });

  it('lets staff edit drafts and proposed letters only', () => {
    expect(['DRAFT', 'PROPOSED', 'APPROVED', 'SENT', undefined].map(editableLetter)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('the template editor', () => {
  it('offers every field once, grouped', () => {
    const all = groupedFields();
    expect([...all].sort()).toEqual([...LETTER_FIELDS].sort());
    expect(new Set(all).size).toBe(all.length);
  });

  it('puts a placeholder at the caret or over the selection', () => {
    expect(insertPlaceholder('Dear ,', 5, 5, 'addressee.name')).toEqual({
      text: 'Dear {{addressee.name}},',
      caret: 23,
    });
    expect(insertPlaceholder('Dear Sir,', 5, 8, 'addressee.name').text).toBe('Dear {{addressee.name}},');
    // A caret past the end (a stale selection) appends.
    expect(insertPlaceholder('Re: ', 99, 99, 'project.name').text).toBe('Re: {{project.name}}');
  });

  it('previews with sample values and the signatory being typed; unknown names stay visible', () => {
    const t = (k: string) => `«${k}»`;
    const values = sampleValues(t, { signatoryName: ' Mary Thunderbird ', signatoryTitle: '' });
    const r = previewOf(
      'Dear {{addressee.name}},\n\n{{response.concerns}}\n\n{{signatory.name}} {{signatory.title}} {{nope}}',
      values,
    );
    expect(r.text).toContain('Dear «consult.letter.samples.addressee.name»,');
    expect(r.text).toContain('- «consult.letter.samples.concern1»');
    expect(r.text).toContain('Mary Thunderbird');
    expect(r.missing).toEqual(['signatory.title', 'nope']);
  });
});

describe('the preview and confirmation', () => {
  it('opens the base64 PDF as a PDF blob', async () => {
    const b = pdfBlob(Buffer.from('%PDF-1.3 ᓀᐦᐃᔭᐍᐏᐣ').toString('base64'));
    expect(b.type).toBe('application/pdf');
    expect(Buffer.from(await b.arrayBuffer()).toString()).toBe('%PDF-1.3 ᓀᐦᐃᔭᐍᐏᐣ');
  });

  it('names the preview after the subject, safely', () => {
    expect(letterFileName('Re: North/Loop — ᓀᐦᐃᔭᐍᐏᐣ')).toBe('Re North Loop — ᓀᐦᐃᔭᐍᐏᐣ (preview).pdf');
    expect(letterFileName('  ')).toBe('letter (preview).pdf');
  });

  it("lists a person's e-mail and organisation under their name", () => {
    const t = (k: string) => k;
    expect(
      recipientLine({ kind: 'person', name: 'Lucy', email: 'l@x.example', organisation: 'Cedar Ridge' }, t),
    ).toBe('l@x.example · Cedar Ridge');
    expect(recipientLine({ kind: 'person', name: 'Lucy', email: null, organisation: null }, t)).toBe(
      'consult.letter.noEmail',
    );
    expect(recipientLine({ kind: 'organisation', name: 'Cedar', email: null, organisation: null }, t)).toBe(
      'consult.letter.orgRecipient',
    );
  });

  it("finds the sent letters among a consultation's files", () => {
    const f = (o: Record<string, unknown>) => ({ $id: 'Attachment-1', originalName: 'a.pdf', ...o }) as never;
    expect(
      sentLetterFiles([
        f({ relType: 'ConsultResponse' }),
        f({ relType: 'Consultation' }),
        f({ relType: 'ConsultResponse', trashed: true }),
        undefined,
      ]),
    ).toHaveLength(1);
  });
});

describe('shownAfterSave', () => {
  it('takes up a new saved text when nothing was typed, and keeps a typed edit', () => {
    expect(shownAfterSave('Dear Karen', 'Dear Karen', 'Dear Ms Walsh')).toBe('Dear Ms Walsh');
    expect(shownAfterSave('Dear Karen, the Elders ask', 'Dear Karen', 'Dear Ms Walsh')).toBe(
      'Dear Karen, the Elders ask',
    );
  });
});
