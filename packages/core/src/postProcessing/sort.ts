import { compareCells, compareTuples, seriesByName, takeRows, type Frame } from './frame.js';
import type { SortOptions } from './options.js';
import { PostProcessingError } from './PostProcessingError.js';

/**
 * Stable row sort: by the index (`is_sort_index`), or by columns / index levels named in `by` (with one ascending
 * flag or one per key), or by the legacy `columns` map of name -> ascending. Missing values sort last either way.
 */
export function sort(frame: Frame, options: SortOptions): Frame {
  const rows = Array.from({ length: frame.length }, (_, r) => r);
  if (options.is_sort_index) {
    const ascending = options.ascending !== false;
    if (frame.indexNames.length === 0) return ascending ? frame : takeRows(frame, rows.reverse());
    const keyOf = (r: number) => frame.index.map((level) => level[r]);
    rows.sort((a, b) => {
      const c = compareTuples(keyOf(a), keyOf(b));
      return ascending ? c : -c;
    });
    return takeRows(frame, rows);
  }
  let by: string[];
  let ascending: boolean[];
  if (options.by !== undefined && options.by !== null && options.by.length !== 0) {
    by = Array.isArray(options.by) ? options.by : [options.by];
    ascending = Array.isArray(options.ascending) ? options.ascending : by.map(() => options.ascending !== false);
  } else if (options.columns && Object.keys(options.columns).length > 0) {
    by = Object.keys(options.columns);
    ascending = Object.values(options.columns).map((v) => v !== false);
  } else {
    throw new PostProcessingError('either sort_index or by should be specified');
  }
  if (ascending.length !== by.length) throw new PostProcessingError('Length of ascending must match the number of sort columns');
  const keys = by.map((name) => {
    const values = seriesByName(frame, name);
    if (!values) throw new PostProcessingError(`Referenced columns not available in DataFrame: ${name}`);
    return values;
  });
  rows.sort((a, b) => {
    for (let k = 0; k < keys.length; k += 1) {
      const va = keys[k]![a];
      const vb = keys[k]![b];
      let c = compareCells(va, vb);
      // Nulls stay last in descending order too (pandas na_position='last').
      if (!ascending[k] && c !== 0 && va !== null && va !== undefined && vb !== null && vb !== undefined) c = -c;
      if (c !== 0) return c;
    }
    return 0;
  });
  return takeRows(frame, rows);
}
