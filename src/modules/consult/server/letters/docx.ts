import type { Block, Run } from './blocks';
import { imageSize } from './image-size';
import { fileNumberLine, type LetterFrame } from './frame';

// The letter as DOCX (for those who edit in Word), with the `docx` library, imported only when a
// letter is sent. The text is the same blocks as the PDF's; Word picks its own fonts, so the
// document names Noto Sans and lets Word fall back for syllabics where it is not installed.

export async function letterDocx(
  blocks: readonly Block[],
  meta: { title: string; author: string },
  frame: LetterFrame = {},
): Promise<Buffer> {
  const { AlignmentType, Document, HeadingLevel, ImageRun, LevelFormat, Packer, Paragraph, TextRun } =
    await import('docx');
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
  // The frame, as in the PDF: letterhead, address and file number above; the signatory below.
  const top: InstanceType<typeof Paragraph>[] = [];
  const size = frame.letterhead && imageSize(frame.letterhead.bytes);
  if (frame.letterhead && size) {
    // 6.5 in wide at most, 1 in high at most (96 px an inch), its proportions kept.
    const scale = Math.min(1, 624 / size.width, 96 / size.height);
    top.push(
      new Paragraph({
        alignment: AlignmentType.CENTER,
        spacing: { after: 160 },
        children: [
          new ImageRun({
            type: frame.letterhead.type === 'image/png' ? 'png' : 'jpg',
            data: frame.letterhead.bytes,
            transformation: {
              width: Math.round(size.width * scale),
              height: Math.round(size.height * scale),
            },
          }),
        ],
      }),
    );
  }
  for (const line of (frame.address ?? '').split(/\r?\n/).filter((l) => l.trim()))
    top.push(new Paragraph({ children: [new TextRun({ text: line, size: 18 })] }));
  if (frame.fileNumber)
    top.push(
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        spacing: { before: 120, after: 240 },
        children: [new TextRun({ text: fileNumberLine(frame.fileNumber), bold: true })],
      }),
    );
  const sign: InstanceType<typeof Paragraph>[] = [];
  if (frame.signatoryName)
    sign.push(
      new Paragraph({
        spacing: { before: 480 },
        keepLines: true,
        children: [new TextRun({ text: frame.signatoryName, bold: true })],
      }),
    );
  if (frame.signatoryTitle) sign.push(new Paragraph({ children: [new TextRun(frame.signatoryTitle)] }));
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
    sections: [{ children: [...top, ...children, ...sign] }],
  });
  return Packer.toBuffer(doc);
}
