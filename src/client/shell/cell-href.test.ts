import { describe, expect, it } from 'vitest';
import { cellHref, isPlainClick } from './cell-href';

describe('cellHref', () => {
  it('keeps the cells up to this one and their parameters, then adds the new cell', () => {
    expect(cellHref('/search/i-Contact-3/i-Thread-9', '?c0=abc&c2=x', 1, 'i-Thread-4')).toBe(
      '/search/i-Contact-3/i-Thread-4?c0=abc',
    );
  });
  it('starts from home on the root path and keeps a ~context suffix readable', () => {
    expect(cellHref('/', '', 0, 'i-Thread-4~Contact-3')).toBe('/home/i-Thread-4~Contact-3');
  });
});

describe('isPlainClick', () => {
  const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
  it('is a left click without modifiers only', () => {
    expect(isPlainClick(click)).toBe(true);
    expect(isPlainClick({ ...click, ctrlKey: true })).toBe(false);
    expect(isPlainClick({ ...click, metaKey: true })).toBe(false);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
  });
});
