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
    const ro = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}
