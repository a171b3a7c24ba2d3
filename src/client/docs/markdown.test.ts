import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown, safeHref } from './Markdown';

const render = (source: string) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Markdown, { source })));

describe('Markdown', () => {
  it('renders headings, lists, emphasis, code and tables as elements', () => {
    const html = render('## Roles\n\n- **Member**: reads\n- `code`\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
    expect(html).toMatch(/<h3[^>]*>Roles<\/h3>/);
    expect(html).toContain('<strong>Member</strong>');
    expect(html).toMatch(/<code[^>]*>code<\/code>/);
    expect(html).toMatch(/<table[^>]*>/);
  });

  it('never injects raw HTML: tags in the text come out as text', () => {
    const html = render(
      'Hello <script>alert(1)</script> and <img src=x onerror=alert(1)>\n\n<div onclick="x">block</div>',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<div onclick');
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps only safe link targets', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('https://example.org')).toBe('https://example.org');
    expect(safeHref('/docs/x')).toBe('/docs/x');
    const html = render('[bad](javascript:alert(1)) [good](/docs/getting-started)');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="/docs/getting-started"');
  });
});
