import { useLayoutEffect, useRef, useState, type UIEvent } from 'react';

/**
 * A table longer than this draws only the rows in view (and some around them) with blank space for the others:
 * 50,000 raw records drawn whole froze the page for many seconds, and again at every resize.
 */
export const WINDOWED_MIN_ROWS = 300;
const WINDOW_OVERSCAN = 30;
/** A row's height before one is measured (13px text, 4px padding, 1px border). */
const ESTIMATED_ROW_HEIGHT = 27;

/** The rows a long table draws around the scrolled-to place: [start, end) with some rows above and below. */
export interface RowWindow {
  start: number;
  end: number;
}

/**
 * Which rows of a long table to draw: those in view (the box is `viewport` px high and scrolled `scrollTop` px),
 * `overscan` more on each side. Rows are taken as `rowHeight` px high; the rest is blank space of that height.
 */
export function visibleRows(
  count: number,
  scrollTop: number,
  viewport: number,
  rowHeight: number,
  overscan: number,
): RowWindow {
  const height = Math.max(1, rowHeight);
  const first = Math.floor(Math.max(0, scrollTop) / height);
  const start = Math.max(0, Math.min(count, first - overscan));
  const end = Math.min(count, first + Math.ceil(Math.max(0, viewport) / height) + overscan);
  return { start, end: Math.max(start, end) };
}

/**
 * The window of a table body of `count` rows in a scrolling box `viewport` px high. The body's drawn rows carry
 * `data-row`; their measured height replaces the estimate, so the blank space keeps the true scroll height.
 */
export function useRowWindow(count: number, viewport: number) {
  const windowed = count > WINDOWED_MIN_ROWS;
  const [scrollTop, setScrollTop] = useState(0);
  const [rowHeight, setRowHeight] = useState(ESTIMATED_ROW_HEIGHT);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const shown = windowed ? visibleRows(count, scrollTop, viewport, rowHeight, WINDOW_OVERSCAN) : { start: 0, end: count };
  useLayoutEffect(() => {
    if (!windowed) return;
    const drawn = bodyRef.current?.querySelectorAll('tr[data-row]');
    if (!drawn?.length) return;
    const measured = Array.from(drawn).reduce((sum, tr) => sum + (tr as HTMLElement).offsetHeight, 0) / drawn.length;
    if (measured > 0 && Math.abs(measured - rowHeight) > 0.5) setRowHeight(measured);
  }, [windowed, rowHeight]);
  const onScroll = windowed ? (e: UIEvent<HTMLElement>) => setScrollTop(e.currentTarget.scrollTop) : undefined;
  return { shown, bodyRef, onScroll, above: shown.start * rowHeight, below: (count - shown.end) * rowHeight };
}

/** The blank space standing for rows not drawn (none when `height` is 0). */
export function RowSpacer({ height, colSpan }: { height: number; colSpan: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden style={{ height }}>
      <td colSpan={Math.max(1, colSpan)} style={{ padding: 0 }} />
    </tr>
  );
}
