import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type PdfMakeModule from 'pdfmake';

// pdfmake (no browser) loaded once, with the fonts every PDF of the module is set in: the full
// Noto Sans (assets/fonts, OFL) has the Latin letters of Indigenous orthographies with their
// combining marks (ł, ʷ, x̱, ǧ); Canadian syllabics are in Noto Sans Canadian Aboriginal (npm
// @fontsource, WOFF, which pdfkit's fontkit reads) under the name NotoSyllabics, for the runs a
// caller cuts where the script changes (pdfmake has no font fallback: letters/pdf.ts scriptRuns).
// Imported on the first PDF made: never at start, never in the client. The letters, the invoice
// and the submission's PDF all render here, so the fonts and the access policies are set once.
// pdfmake's types are letters/pdfmake.d.ts.

/** Where the committed fonts are: assets/fonts at the repository root (source or dist layout). */
function assetsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'assets', 'fonts');
    if (existsSync(path.join(candidate, 'NotoSans-Regular.ttf'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('assets/fonts/NotoSans-Regular.ttf not found');
}

type PdfMake = typeof PdfMakeModule;
let loaded: Promise<PdfMake> | null = null;

function pdfmake(): Promise<PdfMake> {
  loaded ??= (async () => {
    // CommonJS: Node's import gives module.exports as the default.
    const pm = (await import('pdfmake')).default;
    // A document carries only its own text: no URL and no local file may be read while building.
    pm.setUrlAccessPolicy(() => false);
    pm.setLocalAccessPolicy(() => false);
    const fonts = assetsDir();
    const syllabics = createRequire(import.meta.url).resolve(
      '@fontsource/noto-sans-canadian-aboriginal/files/noto-sans-canadian-aboriginal-canadian-aboriginal-400-normal.woff',
    );
    const syllabicsBold = syllabics.replace('-400-', '-700-');
    pm.virtualfs.writeFileSync(
      'NotoSans-Regular.ttf',
      readFileSync(path.join(fonts, 'NotoSans-Regular.ttf')),
    );
    pm.virtualfs.writeFileSync('NotoSans-Bold.ttf', readFileSync(path.join(fonts, 'NotoSans-Bold.ttf')));
    pm.virtualfs.writeFileSync('Syllabics-Regular.woff', readFileSync(syllabics));
    pm.virtualfs.writeFileSync('Syllabics-Bold.woff', readFileSync(syllabicsBold));
    // Noto Sans has no italic in assets/: italics print upright rather than fail.
    pm.setFonts({
      NotoSans: {
        normal: 'NotoSans-Regular.ttf',
        bold: 'NotoSans-Bold.ttf',
        italics: 'NotoSans-Regular.ttf',
        bolditalics: 'NotoSans-Bold.ttf',
      },
      NotoSyllabics: {
        normal: 'Syllabics-Regular.woff',
        bold: 'Syllabics-Bold.woff',
        italics: 'Syllabics-Regular.woff',
        bolditalics: 'Syllabics-Bold.woff',
      },
    });
    return pm;
  })();
  return loaded;
}

/** What a module PDF gives pdfmake beyond the shared page: its content, and a footer or style. */
export interface PdfDocument {
  title: string;
  author: string;
  content: unknown[];
  /** pdfmake's default style, over Noto Sans. */
  fontSize: number;
  lineHeight: number;
  /** pdfmake's footer: content, or a function of the page number and count. */
  footer?: unknown;
}

/** The PDF's bytes: a US Letter page with 1 in margins, set in Noto Sans. */
export async function renderPdf(d: PdfDocument): Promise<Buffer> {
  const pm = await pdfmake();
  const doc = pm.createPdf({
    info: { title: d.title, author: d.author, creator: 'Community Knowledge Keeper' },
    pageSize: 'LETTER',
    pageMargins: [72, 72, 72, 72],
    defaultStyle: { font: 'NotoSans', fontSize: d.fontSize, lineHeight: d.lineHeight },
    content: d.content,
    ...(d.footer ? { footer: d.footer } : {}),
  });
  return Buffer.from(await doc.getBuffer());
}
