import { Lexer, type Token, type Tokens } from 'marked';

// A letter's Markdown as the few blocks a letter has (headings, paragraphs, bullet and numbered
// lists), with bold and italic runs: the one reading both the PDF and the DOCX are made from,
// so the two files say the same thing. Anything else (tables, code, raw HTML) prints as its text.

export interface Run {
  text: string;
  bold?: boolean;
  italics?: boolean;
}
export type Block =
  | { kind: 'heading'; level: number; runs: Run[] }
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'list'; ordered: boolean; items: Run[][] };

function runs(tokens: Token[] | undefined, style: Omit<Run, 'text'> = {}): Run[] {
  const out: Run[] = [];
  for (const t of tokens ?? []) {
    if (t.type === 'strong') out.push(...runs((t as Tokens.Strong).tokens, { ...style, bold: true }));
    else if (t.type === 'em') out.push(...runs((t as Tokens.Em).tokens, { ...style, italics: true }));
    else if (t.type === 'br') out.push({ ...style, text: '\n' });
    else if ('tokens' in t && Array.isArray(t.tokens) && t.tokens.length)
      out.push(...runs(t.tokens as Token[], style));
    // `text` of escapes, code and plain text is already the literal text (entities decoded below).
    else if ('text' in t && typeof t.text === 'string') out.push({ ...style, text: decode(t.text) });
    else out.push({ ...style, text: t.raw });
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
/** marked escapes &, <, >, quotes in text tokens for HTML; a PDF wants the characters. */
function decode(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITIES[e]!);
}

/** A paragraph's outer spaces (left where a filled list was cut out of a sentence) dropped. */
function trimmed(rs: Run[]): Run[] {
  const out = rs.map((r) => ({ ...r }));
  if (out[0]) out[0].text = out[0].text.trimStart();
  const last = out[out.length - 1];
  if (last) last.text = last.text.trimEnd();
  return out.filter((r) => r.text);
}

export function letterBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const t of new Lexer().lex(markdown)) {
    if (t.type === 'space' || t.type === 'hr') continue;
    if (t.type === 'heading') {
      const h = t as Tokens.Heading;
      blocks.push({ kind: 'heading', level: h.depth, runs: runs(h.tokens) });
    } else if (t.type === 'list') {
      const l = t as Tokens.List;
      blocks.push({
        kind: 'list',
        ordered: l.ordered,
        items: l.items.map((it) =>
          runs(it.tokens.flatMap((x) => ('tokens' in x && x.tokens ? x.tokens : [x]))),
        ),
      });
    } else if (t.type === 'paragraph' || t.type === 'text') {
      blocks.push({ kind: 'paragraph', runs: trimmed(runs((t as Tokens.Paragraph).tokens ?? [t])) });
    } else if (t.type === 'code') {
      blocks.push({ kind: 'paragraph', runs: [{ text: (t as Tokens.Code).text }] });
    } else {
      blocks.push({ kind: 'paragraph', runs: [{ text: t.raw.trim() }] });
    }
  }
  return blocks;
}

/** The letter as plain text (the thread message's body beside the files). */
export function plainText(blocks: readonly Block[]): string {
  const line = (rs: readonly Run[]) => rs.map((r) => r.text).join('');
  return blocks
    .map((b) =>
      b.kind === 'list'
        ? b.items.map((it, i) => `${b.ordered ? `${i + 1}.` : '•'} ${line(it)}`).join('\n')
        : line(b.runs),
    )
    .join('\n\n');
}
