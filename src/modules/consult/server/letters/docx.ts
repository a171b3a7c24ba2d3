import type { Block, Run } from './blocks';

// The letter as DOCX (for those who edit in Word), with the `docx` library, imported only when a
// letter is sent. The text is the same blocks as the PDF's; Word picks its own fonts, so the
// document names Noto Sans and lets Word fall back for syllabics where it is not installed.

export async function letterDocx(
  blocks: readonly Block[],
  meta: { title: string; author: string },
): Promise<Buffer> {
  const { Document, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun } = await import('docx');
  const runs = (rs: readonly Run[]) =>
    rs.flatMap((r) =>
      // A line break inside a paragraph (Markdown's two spaces) is Word's break, not a new paragraph.
      r.text
        .split('\n')
        .map(
          (text, i) =>
            new TextRun({ text, bold: r.bold, italics: r.italics, ...(i > 0 ? { break: 1 } : {}) }),
        ),
    );
  const children = blocks.flatMap((b) => {
    if (b.kind === 'heading')
      return [
        new Paragraph({
          heading: b.level <= 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2,
          children: runs(b.runs),
        }),
      ];
    if (b.kind === 'list')
      return b.items.map(
        (it) =>
          new Paragraph({
            children: runs(it),
            ...(b.ordered
              ? { numbering: { reference: 'letter-numbers', level: 0 } }
              : { bullet: { level: 0 } }),
          }),
      );
    return [new Paragraph({ children: runs(b.runs), spacing: { after: 160 } })];
  });
  const doc = new Document({
    title: meta.title,
    creator: meta.author,
    styles: { default: { document: { run: { font: 'Noto Sans', size: 22 } } } },
    numbering: {
      config: [
        {
          reference: 'letter-numbers',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: 'left' }],
        },
      ],
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}
