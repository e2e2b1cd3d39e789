import type { DataMask, NativeFilterConfig } from '@tessera/core';
import { canonicalJson, defaultMask } from './filterMasks';

export interface ConfigMaskChanges {
  /** Filters new or changed in what they filter (type, target, default): they start again from their default. */
  reset: DataMask[];
  /** Filters gone from the configuration: their masks go. */
  removed: string[];
}

const identity = (f: NativeFilterConfig) => canonicalJson({ type: f.filterType, targets: f.targets ?? [], defaultDataMask: f.defaultDataMask ?? null });

/**
 * What a saved filter configuration does to the masks (Superset's FilterBar on a filters change): a filter whose type,
 * target or default changed, or a new one, takes its default; a deleted one loses its mask. Other edits (name, scope,
 * description) keep the value the user chose.
 */
export function configMaskChanges(previous: readonly NativeFilterConfig[], next: readonly NativeFilterConfig[]): ConfigMaskChanges {
  const before = new Map(previous.filter((f) => f.type === 'NATIVE_FILTER').map((f) => [f.id, f]));
  const after = next.filter((f) => f.type === 'NATIVE_FILTER');
  const reset = after.filter((f) => {
    const prior = before.get(f.id);
    return !prior || identity(prior) !== identity(f);
  });
  const kept = new Set(after.map((f) => f.id));
  return { reset: reset.map(defaultMask), removed: [...before.keys()].filter((id) => !kept.has(id)) };
}
