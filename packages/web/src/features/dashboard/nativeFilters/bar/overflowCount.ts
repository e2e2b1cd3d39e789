/** Widths the horizontal row gives its entries, in px (fixed, so that what fits is known before drawing). */
export const HORIZONTAL_FILTER_WIDTH = 300;
export const HORIZONTAL_DIVIDER_WIDTH = 160;
export const HORIZONTAL_GAP = 12;
export const MORE_FILTERS_BUTTON_WIDTH = 150;

/**
 * How many entries, from the first, the row shows: all when they fit in `available`, otherwise as many as fit beside
 * the "More filters" button (whose room is kept only when something overflows, so the answer never flips back).
 */
export function visibleCount(widths: readonly number[], available: number, gap = HORIZONTAL_GAP, buttonWidth = MORE_FILTERS_BUTTON_WIDTH): number {
  const total = widths.reduce((sum, w, i) => sum + w + (i > 0 ? gap : 0), 0);
  if (total <= available) return widths.length;
  let used = buttonWidth;
  let count = 0;
  for (const width of widths) {
    const next = used + gap + width;
    if (next > available) break;
    used = next;
    count += 1;
  }
  return count;
}
