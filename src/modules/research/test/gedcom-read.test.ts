import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { gedcomDateValue, keptDate } from '../server/gedcom/dates';
import { familyLinks } from '../server/gedcom/family';
import { GEDCOM_LINE_MAX, GedcomLineTooLong, gedcomLines } from '../server/gedcom/lines';
import { readPerson } from '../server/gedcom/person';
import { type GedcomRecord, gedcomRecords } from '../server/gedcom/records';
import { gedcomLine } from '../server/gedcom/writer';

// The GEDCOM reader without a database: charsets (read-gedcom's detection and decoders on a
// stream cut in small pieces), records, people, families and dates.

const fixture = (name: string) => path.join(__dirname, 'fixtures', name);

async function read(stream: Readable) {
  let encoding = '';
  const out: GedcomRecord[] = [];
  for await (const r of gedcomRecords(gedcomLines(stream, (e) => (encoding = e)))) out.push(r);
  return { encoding, records: out };
}

/** The file in pieces of `size` bytes, so a chunk boundary falls inside characters and lines. */
const pieces = (file: string, size: number) => {
  const b = readFileSync(fixture(file));
  const parts: Buffer[] = [];
  for (let i = 0; i < b.length; i += size) parts.push(b.subarray(i, i + size));
  return Readable.from(parts);
};

const person = (records: GedcomRecord[], xref: string) => readPerson(records.find((r) => r.xref === xref)!);

describe('GEDCOM reading', () => {
  it('decodes ANSEL diacritics (the letter after its combining mark)', async () => {
    const { encoding, records } = await read(createReadStream(fixture('ansel.ged')));
    expect(encoding).toBe('ANSEL');
    expect(person(records, 'I1').data).toMatchObject({
      firstName: 'Marie-Éve',
      lastName: 'Côté',
      birthDate: '1921',
      birthDateQualifier: 'ABT',
      birthPlace: 'Trois-Rivières, Québec',
      genderIdentity: 'Female',
    });
    expect(person(records, 'I2').data).toMatchObject({ firstName: 'François', deceased: true });
  });

  it('reads UTF-8 syllabics whatever the chunk boundaries, with CONT notes, nicknames and birth names', async () => {
    const { encoding, records } = await read(pieces('utf8.ged', 7));
    expect(encoding).toBe('UTF-8');
    const p = person(records, 'I1');
    expect(p.data).toMatchObject({
      firstName: 'ᓀᐦᐃᔭᐤ',
      lastName: 'Cardinal',
      lastNameAtBirth: 'Morin',
      nickName: 'Kookum',
      birthDate: '1890',
      birthDateQualifier: 'EST',
      birthPlace: 'Maskwacîs',
      deceased: true,
      identifiers: ['458-0012'],
    });
    expect(p.data.familyNotes).toBe("Kept the family's trapline.\nShe spoke Cree and French.");
    expect(person(records, 'I2').data).toMatchObject({
      firstName: 'Joseph',
      middleName: 'Élie',
      deathDate: '1950',
      deathDateQualifier: 'FROM',
      deathDateTo: '1951',
    });
  });

  it('reads ANSI (CP1252)', async () => {
    const { encoding, records } = await read(createReadStream(fixture('ansi.ged')));
    expect(encoding).toBe('Cp1252');
    expect(person(records, 'I1').data).toMatchObject({ firstName: 'Hélène', lastName: 'Lefèbvre' });
  });

  it('keeps imprecise dates imprecise, and refuses what the field cannot hold', () => {
    expect(keptDate('ABT 1890')).toEqual({ date: '1890', qualifier: 'ABT' });
    expect(keptDate('BEF JUN 1899')).toEqual({ date: '1899-06', qualifier: 'BEF' });
    expect(keptDate('AFT 1900')).toEqual({ date: '1900', qualifier: 'AFT' });
    expect(keptDate('BET 1850 AND 1855')).toEqual({ date: '1850', qualifier: 'BET', to: '1855' });
    expect(keptDate('FROM 3 MAR 1900 TO 1901')).toEqual({
      date: '1900-03-03',
      qualifier: 'FROM',
      to: '1901',
    });
    expect(keptDate('TO 1900')).toEqual({ date: '1900', qualifier: 'TO' });
    expect(keptDate('CAL 1850')).toEqual({ date: '1850', qualifier: 'CAL' });
    expect(keptDate('EST 1870')).toEqual({ date: '1870', qualifier: 'EST' });
    expect(keptDate('12 MAR 1919')).toEqual({ date: '1919-03-12' });
    expect(keptDate('INT 1902 (the big snow)')).toEqual({ date: '1902', phrase: 'the big snow' });
    for (const bad of ['sometime', '(unknown)', '@#DJULIAN@ 1700', '30 FEB 1900', '12 BC', ''])
      expect(keptDate(bad), bad).toBeNull();
    // and back: the qualifier and range end are written as GEDCOM says them
    expect(gedcomDateValue('1899-06', 'BEF', undefined)).toBe('BEF JUN 1899');
    expect(gedcomDateValue('1850', 'BET', '1855')).toBe('BET 1850 AND 1855');
    expect(gedcomDateValue('1900-03-03', 'FROM', '1901')).toBe('FROM 3 MAR 1900 TO 1901');
    expect(gedcomDateValue('1919-03-12', undefined, undefined)).toBe('12 MAR 1919');
  });

  it('an unreadable date is kept in the notes and reported, not guessed', async () => {
    const { records } = await read(createReadStream(fixture('utf8.ged')));
    const p = person(records, 'I4');
    expect(p.data.birthDate).toBeUndefined();
    expect(p.data.familyNotes).toContain('sometime in the spring thaw');
    expect(p.warnings).toEqual([{ key: 'dateKept', value: 'sometime in the spring thaw' }]);
    // an INT date keeps its date and its phrase
    expect(person(records, 'I5').data).toMatchObject({ birthDate: '1902' });
    expect(person(records, 'I5').data.familyNotes).toContain('the year of the big snow');
  });

  it('gives a child its birth and adoptive parents, and partners their end', async () => {
    const { records } = await read(createReadStream(fixture('utf8.ged')));
    const childOf = new Map<string, ReturnType<typeof readPerson>['childOf']>();
    for (const r of records) if (r.tag === 'INDI') childOf.set(r.xref!, readPerson(r).childOf);
    const fam = (x: string) =>
      familyLinks(
        records.find((r) => r.xref === x)!,
        (c, f) => childOf.get(c)?.get(f),
      );
    const f1 = fam('F1');
    expect(f1.parents.get('I4')).toEqual([
      { member: 'I2', type: 'ADOPT' },
      { member: 'I1', type: 'ADOPT' },
    ]);
    expect(f1.parents.get('I3')).toEqual([
      { member: 'I2', type: 'BIO' },
      { member: 'I1', type: 'BIO' },
    ]);
    expect(f1.partners.get('I1')).toEqual([{ member: 'I2', type: 'SPOUSE', start: '1910' }]);
    const f2 = fam('F2');
    expect(f2.parents.get('I4')).toEqual([
      { member: 'I6', type: 'BIO' },
      { member: 'I5', type: 'BIO' },
    ]);
    expect(f2.partners.get('I5')).toEqual([{ member: 'I6', type: 'UNKNOWN', endType: 'DIVORCED' }]);
  });

  it('marks broken records whole: a bad line, a level that jumps', async () => {
    const { records } = await read(createReadStream(fixture('malformed.ged')));
    const broken = Object.fromEntries(records.filter((r) => r.broken).map((r) => [r.xref, r.broken!.key]));
    expect(broken).toEqual({ I2: 'badLine', I3: 'badLevel' });
  });

  it('writes long and multi-line values with CONC and CONT, and reads them back the same', async () => {
    const value = `${'ᐊ'.repeat(250)} end\nsecond line\n\n@ fourth`;
    const text = gedcomLine(0, 'HEAD') + gedcomLine(0, 'INDI', '', 'I1') + gedcomLine(1, 'NOTE', value);
    for (const line of text.split('\r\n')) expect(line.length).toBeLessThan(255);
    const { records } = await read(Readable.from([Buffer.from(text)]));
    expect(records[1]!.children[0]!.value).toBe(value);
  });

  it('reads lone-CR line ends, and a line longer than a decoding chunk, whole', async () => {
    const long = 'ᐊ'.repeat(200_000); // 600 KB of UTF-8 on one line
    const text = `0 HEAD\r1 CHAR UTF-8\r0 @I1@ INDI\r1 NOTE ${long}\r1 NAME Ann /Lee/\r0 TRLR\r`;
    const { records } = await read(Readable.from([Buffer.from(text)]));
    expect(records.map((r) => r.tag)).toEqual(['HEAD', 'INDI', 'TRLR']);
    expect(records[1]!.children[0]!.value).toBe(long);
    expect(person(records, 'I1').data).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
  });

  it('a GEDCOM 7 @VOID@ parent is nobody, not a missing person', async () => {
    const text = '0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @F1@ FAM\n1 HUSB @VOID@\n1 WIFE @I2@\n1 CHIL @I3@\n0 TRLR\n';
    const { records } = await read(Readable.from([Buffer.from(text)]));
    const links = familyLinks(records[1]!, () => undefined);
    expect(links.parents.get('I3')).toEqual([{ member: 'I2', type: 'BIO' }]);
    expect(links.partners.size).toBe(0);
  });

  it('reads UTF-16 with its byte-order mark, cut anywhere', async () => {
    const text = '\uFEFF0 HEAD\r\n1 CHAR UNICODE\r\n0 @I1@ INDI\r\n1 NAME ᐊᓂ /Côté/\r\n0 TRLR\r\n';
    for (const [name, bytes] of [
      ['UTF-16le', Buffer.from(text, 'utf16le')],
      ['UTF-16be', Buffer.from(text, 'utf16le').swap16()],
    ] as const) {
      const parts: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += 5) parts.push(bytes.subarray(i, i + 5));
      const { encoding, records } = await read(Readable.from(parts));
      expect(encoding).toBe(name);
      expect(person(records, 'I1').data).toMatchObject({ firstName: 'ᐊᓂ', lastName: 'Côté' });
    }
  });

  it('refuses a line that never ends at GEDCOM_LINE_MAX, quickly, in UTF-8 and UTF-16 (issue 36)', async () => {
    // 20 MB with no line end, in the 64 KB pieces a file is read in: the old reader joined all
    // it held at every piece (quadratic) and would have held the whole file as one line.
    const endless = (head: Buffer, fill: Buffer) =>
      Readable.from(
        (function* () {
          yield head;
          for (let i = 0; i < 320; i++) yield fill;
        })(),
      );
    const utf8 = endless(
      Buffer.from('0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NOTE '),
      Buffer.alloc(64 * 1024, 'x'),
    );
    const utf16 = endless(
      Buffer.from('\uFEFF0 HEAD\r\n1 CHAR UNICODE\r\n0 @I1@ INDI\r\n1 NOTE ', 'utf16le'),
      Buffer.from('ᐊ'.repeat(32 * 1024), 'utf16le'),
    );
    for (const stream of [utf8, utf16]) {
      const started = Date.now();
      const err = await read(stream).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GedcomLineTooLong);
      expect(err).toMatchObject({ line: 4 });
      expect((err as Error).message).toContain(String(GEDCOM_LINE_MAX));
      expect(Date.now() - started).toBeLessThan(3_000);
    }
  });
});
