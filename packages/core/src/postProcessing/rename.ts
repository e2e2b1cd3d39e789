import { columnLevels, type Frame } from './frame.js';
import type { RenameOptions } from './options.js';
import { PostProcessingError } from './PostProcessingError.js';

/**
 * Renames column level values (level 0 by default). Renaming to null removes the value from that level, so the
 * flattened name no longer mentions it (how single-metric charts drop the metric from series names).
 */
export function rename(frame: Frame, options: RenameOptions): Frame {
  const map = options.columns ?? {};
  if (Object.keys(map).length === 0) return frame;
  const levels = columnLevels(frame);
  const level = options.level ?? 0;
  const at = level < 0 ? levels + level : level;
  if (!Number.isInteger(at) || at < 0 || at >= levels) throw new PostProcessingError(`Invalid column level: ${level}`);
  const columns = frame.columns.map((key) => {
    const cell = key[at];
    if (typeof cell !== 'string' && typeof cell !== 'number') return key;
    const name = String(cell);
    if (!Object.hasOwn(map, name)) return key;
    const next = [...key];
    next[at] = map[name] ?? null;
    return next;
  });
  return { ...frame, columns };
}
