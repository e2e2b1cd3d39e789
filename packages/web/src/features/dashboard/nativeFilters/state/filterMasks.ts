import type { DashboardJsonMetadata, DataMask, DataMaskState, NativeFilterConfig } from '@tessera/core';

/** The native filters of a dashboard (dividers left out), in configuration order. */
export function nativeFiltersOf(metadata: DashboardJsonMetadata): NativeFilterConfig[] {
  return (metadata.native_filter_configuration ?? []).filter((f) => f.type === 'NATIVE_FILTER');
}

/** Cross-filter masks are keyed by the emitting chart's id; native filter masks by the filter's id. */
export function isCrossFilterId(id: string): boolean {
  return /^\d+$/.test(id);
}

/** "Value is required": the filter must have a value before its charts query (controlValues.enableEmptyFilter). */
export function isRequiredFilter(filter: NativeFilterConfig): boolean {
  return Boolean(filter.controlValues?.enableEmptyFilter);
}

/** The filter picks its first option by default ("Select first filter value by default"). */
export function selectsFirstValue(filter: NativeFilterConfig): boolean {
  return Boolean(filter.controlValues?.defaultToFirstItem) || Boolean(filter.requiredFirst);
}

/** Whether a filter value counts as set: null, '', [] and a range of two nulls do not. */
export function hasFilterValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0 && value.some((v) => v !== null && v !== undefined);
  return true;
}

export function maskHasValue(mask: DataMask | undefined): boolean {
  return hasFilterValue(mask?.filterState?.value);
}

/**
 * A filter's cleared mask: no extraFormData and an explicit null value ([null, null] for ranges), never a missing mask,
 * so that a stored empty filter stays empty after a reload instead of falling back to its default.
 */
export function emptyMask(filter: NativeFilterConfig): DataMask {
  return { id: filter.id, extraFormData: {}, filterState: { value: filter.filterType === 'filter_range' ? [null, null] : null } };
}

/** The filter's default mask (its defaultDataMask), or its empty mask when it has none. */
export function defaultMask(filter: NativeFilterConfig): DataMask {
  const own = filter.defaultDataMask;
  if (!own) return { id: filter.id, extraFormData: {}, filterState: {} };
  return { ...own, id: filter.id, extraFormData: own.extraFormData ?? {}, filterState: own.filterState ?? {} };
}

/** JSON with sorted keys and no undefined members: equal values give equal text whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .filter(([, inner]) => inner !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    }
    return v;
  }) ?? 'null';
}

/** What a chart sees of a mask: its extraFormData; and what the bar shows: its value. */
function maskSignature(mask: DataMask | undefined): string {
  const extra = mask?.extraFormData ?? {};
  const value: unknown = hasFilterValue(mask?.filterState?.value) ? mask?.filterState?.value : null;
  return canonicalJson({ extra, value });
}

export function sameMask(a: DataMask | undefined, b: DataMask | undefined): boolean {
  return maskSignature(a) === maskSignature(b);
}

/** Only the native filters' masks of a mask state (cross-filters are another section's). */
export function nativeMasksOf(state: DataMaskState): DataMaskState {
  return Object.fromEntries(Object.entries(state).filter(([id]) => !isCrossFilterId(id)));
}
