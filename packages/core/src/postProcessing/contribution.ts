import { flatColumnName, topLevelPositions, type Frame } from './frame.js';
import { finite, isNumericColumn, toNumber } from './numeric.js';
import type { ContributionOptions } from './options.js';
import { PostProcessingError } from './PostProcessingError.js';

const TIME_COMPARISON = '__';

/**
 * Share of each cell in its column total ('column') or in its row total ('row'), over the numeric columns (or
 * the given `columns`); missing cells count as 0. Results replace the columns, or go to `rename_columns`. In row
 * mode, time-shifted columns (`metric__1 year ago`) are totalled separately per shift. Index levels and
 * `exclude` columns (the temporal ones of a flat result) are never divided.
 */
export function contribution(frame: Frame, options: ContributionOptions, exclude: ReadonlySet<string> = new Set()): Frame {
  const numeric = frame.columns
    .map((key, position) => ({ key, position }))
    .filter(({ key, position }) => !(key.length === 1 && exclude.has(String(key[0]))) && isNumericColumn(frame.values[position]!));
  let selected = numeric;
  if (options.columns && options.columns.length > 0) {
    selected = options.columns.flatMap((name) => {
      const hits = numeric.filter(({ position }) => topLevelPositions(frame, name).includes(position));
      if (hits.length === 0) throw new PostProcessingError(`Column "${name}" is not numeric or does not exists in the query results.`);
      return hits;
    });
  }
  const renames = options.rename_columns && options.rename_columns.length > 0 ? options.rename_columns : undefined;
  if (renames && renames.length !== selected.length) {
    throw new PostProcessingError('`rename_columns` must have the same length as `columns` + `time_shift_columns`.');
  }
  const filled = selected.map(({ position }) => frame.values[position]!.map((v) => toNumber(v) ?? 0));
  const outputs: (number | null)[][] = [];

  if ((options.orientation ?? 'column') === 'column') {
    filled.forEach((col) => {
      const total = col.reduce((a, b) => a + b, 0);
      outputs.push(col.map((v) => finite(v / total)));
    });
  } else {
    // Group columns by time shift so each shift's series share their own row total.
    const groups = new Map<string, number[]>();
    selected.forEach(({ key }, i) => {
      const top = key[0];
      const shift = typeof top === 'string' ? options.time_shifts?.find((ts) => top.endsWith(TIME_COMPARISON + ts)) : undefined;
      const group = groups.get(shift ?? '') ?? [];
      group.push(i);
      groups.set(shift ?? '', group);
    });
    for (const members of groups.values()) {
      for (let r = 0; r < frame.length; r += 1) {
        const total = members.reduce((acc, i) => acc + filled[i]![r]!, 0);
        for (const i of members) (outputs[i] ??= [])[r] = finite(filled[i]![r]! / total);
      }
    }
    selected.forEach((_, i) => (outputs[i] ??= []));
  }

  const columns = [...frame.columns];
  const values = [...frame.values];
  selected.forEach(({ key, position }, i) => {
    const rename = renames?.[i];
    if (rename === undefined || rename === flatColumnName(key)) {
      values[position] = outputs[i]!;
      return;
    }
    const newKey = [rename, ...key.slice(1)];
    const existing = columns.findIndex((k) => k.length === newKey.length && k.every((c, j) => c === newKey[j]));
    if (existing >= 0) values[existing] = outputs[i]!;
    else {
      columns.push(newKey);
      values.push(outputs[i]!);
    }
  });
  return { ...frame, columns, values };
}
