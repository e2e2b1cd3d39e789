import { columnLevels, joinColumnCells, resetIndex, type Frame } from './frame.js';
import type { FlattenOptions } from './options.js';
import { PostProcessingError } from './PostProcessingError.js';

/**
 * Back to a plain table: on multi-level columns, `drop_levels` removes levels first and names are joined with ', '
 * (missing cells skipped, commas inside values escaped as '\,'); then the index becomes leading columns (unless
 * `reset_index` is false). One-level names are left as they are.
 */
export function flatten(frame: Frame, options: FlattenOptions = {}): Frame {
  let result = frame;
  const levels = columnLevels(frame);
  if (levels > 1) {
    const drop = new Set((options.drop_levels ?? []).map((l) => (l < 0 ? levels + l : l)));
    for (const l of drop) if (!Number.isInteger(l) || l < 0 || l >= levels) throw new PostProcessingError(`Invalid column level to drop: ${l}`);
    if (drop.size >= levels) throw new PostProcessingError('Cannot drop every column level');
    result = { ...frame, columns: frame.columns.map((key) => [joinColumnCells(key.filter((_, i) => !drop.has(i)))]) };
  }
  return options.reset_index === false ? result : resetIndex(result);
}
