import { useLayoutEffect, useState, type RefObject } from 'react';

export interface RowWindow {
  /** First row to draw (inclusive). */
  first: number;
  /** Row after the last one to draw. */
  last: number;
  totalHeight: number;
}

/**
 * The rows of a fixed-row-height list that are in view (plus `overscan` either side), from the scroll
 * element's position and height. O(rows drawn): nothing is kept per row, so a million-row result costs
 * what a screenful does. A scroll element measuring 0 (jsdom, a hidden pane) counts as `fallbackHeight`.
 */
export function useRowWindow(
  ref: RefObject<HTMLElement | null>,
  rowCount: number,
  rowHeight: number,
  fallbackHeight: number,
  overscan = 8,
): RowWindow {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(fallbackHeight);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const onScroll = () => setScrollTop(el.scrollTop);
    const measure = () => {
      setViewport(el.clientHeight || fallbackHeight);
      onScroll();
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    // A ResizeObserver reports the first size after the browser's own layout, before paint: reading
    // clientHeight here instead would force a layout of the whole page while the grid mounts.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (observer) observer.observe(el);
    else measure();
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [ref, fallbackHeight]);
  const first = Math.min(rowCount, Math.max(0, Math.floor(scrollTop / rowHeight) - overscan));
  const last = Math.min(rowCount, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  return { first, last, totalHeight: rowCount * rowHeight };
}
