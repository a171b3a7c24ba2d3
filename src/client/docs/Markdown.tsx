import { Box, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Lexer, type Token, type Tokens } from 'marked';
import { Fragment, useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

// Bundled Markdown (documentation, what's new) rendered as React elements from marked's tokens.
// No HTML string ever reaches the page: raw HTML in a file shows as text, and links keep only
// http(s), mailto and site-relative targets.

export function safeHref(href: string): string | null {
  if (/^(https?:|mailto:)/i.test(href)) return href;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  if (href.startsWith('#')) return href;
  return null;
}

function inline(tokens: Token[] | undefined, key = 'i'): ReactNode {
  if (!tokens) return null;
  return tokens.map((tok, i) => {
    const k = `${key}.${i}`;
    switch (tok.type) {
      case 'strong':
        return <strong key={k}>{inline((tok as Tokens.Strong).tokens, k)}</strong>;
      case 'em':
        return <em key={k}>{inline((tok as Tokens.Em).tokens, k)}</em>;
      case 'del':
        return <del key={k}>{inline((tok as Tokens.Del).tokens, k)}</del>;
      case 'codespan':
        return (
          <Box
            component="code"
            key={k}
            sx={{ fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 }}
          >
            {(tok as Tokens.Codespan).text}
          </Box>
        );
      case 'br':
        return <br key={k} />;
      case 'link': {
        const l = tok as Tokens.Link;
        const href = safeHref(l.href);
        if (!href) return <Fragment key={k}>{inline(l.tokens, k)}</Fragment>;
        return href.startsWith('/') ? (
          <Link key={k} component={RouterLink} to={href}>
            {inline(l.tokens, k)}
          </Link>
        ) : (
          <Link key={k} href={href} target="_blank" rel="noopener noreferrer">
            {inline(l.tokens, k)}
          </Link>
        );
      }
      case 'image':
        return <Fragment key={k}>{(tok as Tokens.Image).text}</Fragment>;
      case 'text': {
        const tx = tok as Tokens.Text;
        return <Fragment key={k}>{tx.tokens ? inline(tx.tokens, k) : decode(tx.text)}</Fragment>;
      }
      case 'escape':
        return <Fragment key={k}>{(tok as Tokens.Escape).text}</Fragment>;
      default:
        // html and anything unknown: its source as plain text.
        return <Fragment key={k}>{'raw' in tok ? String(tok.raw) : ''}</Fragment>;
    }
  });
}

/** marked escapes &, <, > and quotes in text; React escapes again, so undo marked's. */
function decode(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function block(tok: Token, k: string, offset: number): ReactNode {
  switch (tok.type) {
    case 'heading': {
      const h = tok as Tokens.Heading;
      // The page title is the view's own h1; a file's headings start one level below it.
      const level = Math.min(6, h.depth + offset) as 1 | 2 | 3 | 4 | 5 | 6;
      const variant = (['h4', 'h5', 'h6', 'subtitle1', 'subtitle2', 'subtitle2'] as const)[h.depth - 1];
      return (
        <Typography key={k} component={`h${level}`} variant={variant} sx={{ mt: 3, mb: 1 }}>
          {inline(h.tokens, k)}
        </Typography>
      );
    }
    case 'paragraph':
      return (
        <Typography key={k} component="p" sx={{ mb: 1.5 }}>
          {inline((tok as Tokens.Paragraph).tokens, k)}
        </Typography>
      );
    case 'list': {
      const l = tok as Tokens.List;
      return (
        <Box key={k} component={l.ordered ? 'ol' : 'ul'} sx={{ pl: 3, mb: 1.5 }}>
          {l.items.map((it, i) => (
            <li key={i}>
              {it.tokens.map((t2, j) =>
                t2.type === 'text'
                  ? inline((t2 as Tokens.Text).tokens ?? [t2], `${k}.${i}.${j}`)
                  : block(t2, `${k}.${i}.${j}`, offset),
              )}
            </li>
          ))}
        </Box>
      );
    }
    case 'code':
      return (
        <Box
          key={k}
          component="pre"
          sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1, overflowX: 'auto' }}
        >
          <code>{(tok as Tokens.Code).text}</code>
        </Box>
      );
    case 'blockquote':
      return (
        <Box
          key={k}
          component="blockquote"
          sx={{ borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' }}
        >
          {(tok as Tokens.Blockquote).tokens.map((t2, i) => block(t2, `${k}.${i}`, offset))}
        </Box>
      );
    case 'hr':
      return <Box key={k} component="hr" sx={{ border: 0, borderTop: 1, borderColor: 'divider', my: 2 }} />;
    case 'table': {
      const tb = tok as Tokens.Table;
      return (
        <Table key={k} size="small" sx={{ mb: 2 }}>
          <TableHead>
            <TableRow>
              {tb.header.map((c, i) => (
                <TableCell key={i}>{inline(c.tokens, `${k}.h${i}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {tb.rows.map((r, i) => (
              <TableRow key={i}>
                {r.map((c, j) => (
                  <TableCell key={j}>{inline(c.tokens, `${k}.${i}.${j}`)}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      );
    }
    case 'space':
      return null;
    default:
      return (
        <Typography key={k} component="p" sx={{ mb: 1.5 }}>
          {'raw' in tok ? String(tok.raw) : ''}
        </Typography>
      );
  }
}

/** Renders Markdown; `headingOffset` 1 makes a file's `#` an h2 under the page's own h1. */
export function Markdown({ source, headingOffset = 1 }: { source: string; headingOffset?: number }) {
  const tokens = useMemo(() => new Lexer({ gfm: true }).lex(source), [source]);
  return <>{tokens.map((tok, i) => block(tok, `b${i}`, headingOffset))}</>;
}
