import { formatTimeRangeBounds, resolveTimeRange } from '@tessera/core';

/** The time range grammar the popover writes (facts §2.3) and a preview of the dates it means. */

export type RangeType = 'No filter' | 'Last' | 'Previous' | 'Current' | 'Advanced';

export const LAST_OPTIONS = ['Last day', 'Last week', 'Last month', 'Last quarter', 'Last year'] as const;
export const PREVIOUS_OPTIONS = ['previous calendar week', 'previous calendar month', 'previous calendar quarter', 'previous calendar year'] as const;
export const CURRENT_OPTIONS = ['Current day', 'Current week', 'Current month', 'Current quarter', 'Current year'] as const;
export const NO_FILTER = 'No filter';

export function rangeTypeOf(text: string | null | undefined): RangeType {
  if (!text || text === NO_FILTER) return 'No filter';
  if ((LAST_OPTIONS as readonly string[]).includes(text)) return 'Last';
  if ((PREVIOUS_OPTIONS as readonly string[]).includes(text)) return 'Previous';
  if ((CURRENT_OPTIONS as readonly string[]).includes(text)) return 'Current';
  return 'Advanced';
}

/**
 * The control's summary of the dates a range means (`2024-01-01 ≤ col < 2024-02-01`, or with the filtered column's
 * name), or why it is invalid.
 */
export function describeTimeRange(text: string | null | undefined, now: Date = new Date(), column = 'col'): string {
  try {
    return formatTimeRangeBounds(resolveTimeRange(text ?? NO_FILTER, now), column);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
