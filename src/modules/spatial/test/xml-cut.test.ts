import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cutElements,
  ELEMENT_MAX_CHARS,
  TAG_MAX_CHARS,
  XmlTooBig,
  type XmlPiece,
} from '../server/io/formats/xml-cut';
import { readKml } from '../server/io/formats/xml-read';

// The streamed KML/GPX cutter (xml-cut.ts): element boundaries found across read chunks, never
// fooled by comments, CDATA or quoted `>`; a file that ends inside an element is refused.

const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-xmlcut-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = (text: string) => {
  const f = path.join(dir, `f${n++}.kml`);
  writeFileSync(f, text);
  return f;
};

async function cut(text: string, wanted = ['Placemark']) {
  const pieces: XmlPiece[] = [];
  let root = '';
  for await (const p of cutElements(file(text), new Set(wanted), (tag) => (root = tag))) pieces.push(p);
  return { pieces, root };
}

const pm = (i: number, extra = '') =>
  `<Placemark id="p${i}"><name>Site ${i}</name>${extra}<Point><coordinates>-120.${i},56.5</coordinates></Point></Placemark>`;

describe('cutElements', () => {
  it('cuts each Placemark whole, skipping comments, CDATA and quoted > that look like tags', async () => {
    const text =
      '<?xml version="1.0"?><!DOCTYPE kml><kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
      '<!-- <Placemark>not one</Placemark> -->' +
      pm(1, '<description><![CDATA[<b>a</b> </Placemark> x]]></description>') +
      '<Folder name="a>b">' +
      pm(2, '<ExtendedData><Data name="q"><value>1 &gt; 0</value></Data></ExtendedData>') +
      '</Folder></Document></kml>';
    const { pieces, root } = await cut(text);
    expect(root).toBe('<kml xmlns="http://www.opengis.net/kml/2.2">');
    expect(pieces.map((p) => p.text)).toEqual([
      pm(1, '<description><![CDATA[<b>a</b> </Placemark> x]]></description>'),
      pm(2, '<ExtendedData><Data name="q"><value>1 &gt; 0</value></Data></ExtendedData>'),
    ]);
  });

  it('finds boundaries across read chunks of a file far larger than one', async () => {
    const body = Array.from({ length: 6000 }, (_, i) =>
      pm(i, `<description>${'x'.repeat(i % 97)}</description>`),
    );
    const { pieces } = await cut(`<kml><Document>${body.join('\n')}</Document></kml>`);
    expect(pieces).toHaveLength(6000);
    expect(pieces.map((p) => p.text)).toEqual(body);
  });

  it('refuses a file that ends inside an element, a stray end tag, and no document', async () => {
    await expect(cut('<kml><Document>' + pm(1) + '<Placemark><name>x</name>')).rejects.toThrow(
      /ends inside <Placemark>/,
    );
    await expect(cut('<kml><Document></Folder></kml>')).rejects.toThrow(/closes nothing/);
    await expect(cut('   ')).rejects.toThrow(/no document/);
  });
});

describe('cutElements on a huge element (issue 36)', () => {
  it('cuts an element read over many reads whole, its pieces joined once', async () => {
    // 12 MB of text inside one Placemark, over forty-odd reads: the pieces kept aside as they
    // are read past (rather than carried in the buffer) come back as the element's exact text.
    const big = pm(1, `<description>${'y'.repeat(12 * 1024 * 1024)}</description>`);
    const started = Date.now();
    const { pieces } = await cut(`<kml><Document>${big}${pm(2)}</Document></kml>`);
    expect(pieces.map((p) => p.text.length)).toEqual([big.length, pm(2).length]);
    expect(pieces[0]!.text === big).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses an element longer than ELEMENT_MAX_CHARS, and a tag longer than TAG_MAX_CHARS', async () => {
    const endless = `<kml><Document><Placemark><description>${'x'.repeat(ELEMENT_MAX_CHARS + 1024)}`;
    await expect(cut(endless)).rejects.toBeInstanceOf(XmlTooBig);
    await expect(cut(endless)).rejects.toThrow(/<Placemark> is longer than/);
    const tag = `<kml><Document><Placemark name="${'z'.repeat(TAG_MAX_CHARS + 10)}`;
    await expect(cut(tag)).rejects.toThrow(/a tag is longer than/);
  });
});

describe('readKml streamed', () => {
  it('keeps shared styles and typed schema data for every block of features', async () => {
    const head =
      '<kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
      '<Schema name="s" id="s"><SimpleField name="count" type="int"/></Schema>' +
      '<Style id="red"><LineStyle><color>ff0000ff</color></LineStyle></Style>';
    const body = Array.from({ length: 450 }, (_, i) =>
      pm(
        i,
        `<styleUrl>#red</styleUrl><ExtendedData><SchemaData schemaUrl="#s"><SimpleData name="count">${i}</SimpleData></SchemaData></ExtendedData>`,
      ),
    );
    const f = file(head + body.join('') + '</Document></kml>');
    const [layer] = readKml({ path: f, name: 'sites.kml', size: 0 });
    const out = [];
    for await (const x of layer!.features) out.push(x);
    expect(out).toHaveLength(450);
    expect(out[449]!.properties).toMatchObject({ name: 'Site 449', count: 449, stroke: '#ff0000' });
    expect(out[449]!.geometry).toEqual({ type: 'Point', coordinates: [-120.449, 56.5] });
  });
});
