import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The width of an element, followed as it changes (a cell opened or closed beside it, the
 * window resized). Measured before the first paint, so a layout chosen by it does not jump.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    // The border box, as at first: the element's own padding follows the width it reports (a
    // compact layout pads less), so a content-box width would flip the layout back and forth.
    const ro = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.borderBoxSize[0]?.inlineSize ?? el.getBoundingClientRect().width);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}
