import type { DataMask, DataMaskState, NativeFilterConfig } from '@tessera/core';
import { emptyMask, isRequiredFilter, maskHasValue, sameMask } from './filterMasks';

/** Filters whose pending mask differs from the applied one (what Apply would send), in configuration order. */
export function changedFilterIds(filters: readonly NativeFilterConfig[], pending: DataMaskState, applied: DataMaskState): string[] {
  return filters.filter((f) => pending[f.id] !== undefined && !sameMask(pending[f.id], applied[f.id])).map((f) => f.id);
}

/** Required filters ("Value is required") without a pending value. */
export function missingRequiredIds(filters: readonly NativeFilterConfig[], pending: DataMaskState): string[] {
  return filters.filter((f) => isRequiredFilter(f) && !maskHasValue(pending[f.id])).map((f) => f.id);
}

/** Superset's checkIsApplyDisabled: nothing changed, or a required filter is empty. */
export function isApplyDisabled(filters: readonly NativeFilterConfig[], pending: DataMaskState, applied: DataMaskState): boolean {
  return changedFilterIds(filters, pending, applied).length === 0 || missingRequiredIds(filters, pending).length > 0;
}

/** "Clear all" is offered when some filter has a value, pending or applied. */
export function canClearAll(filters: readonly NativeFilterConfig[], pending: DataMaskState, applied: DataMaskState): boolean {
  return filters.some((f) => maskHasValue(pending[f.id]) || maskHasValue(applied[f.id]));
}

/** The masks Apply writes into the applied state: the pending ones that changed, without the bar's UI-only status. */
export function masksToApply(filters: readonly NativeFilterConfig[], pending: DataMaskState, applied: DataMaskState): DataMask[] {
  return changedFilterIds(filters, pending, applied).map((id) => withoutValidation(pending[id] as DataMask));
}

/** Every filter emptied (Clear all), as pending masks. */
export function clearedPending(filters: readonly NativeFilterConfig[], pending: DataMaskState): DataMaskState {
  const next = { ...pending };
  for (const filter of filters) next[filter.id] = emptyMask(filter);
  return next;
}

/**
 * Superset 5's Clear all applies at once, unless a required filter is among those cleared: then the emptied values wait
 * for Apply (which stays disabled until the required filter gets a value).
 */
export function clearAllAppliesAtOnce(filters: readonly NativeFilterConfig[]): boolean {
  return !filters.some(isRequiredFilter);
}

/**
 * A filter that selects its first value (or is required first) applies that first value at once when it has none
 * applied yet: its charts are waiting for it, and the user did not choose anything to confirm.
 */
export function appliesOnFirstValue(filter: NativeFilterConfig, previousPending: DataMask | undefined, applied: DataMask | undefined, next: DataMask): boolean {
  const selectsFirst = Boolean(filter.controlValues?.defaultToFirstItem) || Boolean(filter.requiredFirst);
  return selectsFirst && !maskHasValue(previousPending) && !maskHasValue(applied) && maskHasValue(next);
}

/** validateStatus / validateMessage are the bar's own display state: they never reach the applied masks. */
export function withoutValidation(mask: DataMask): DataMask {
  if (!mask.filterState) return mask;
  const { validateStatus: _status, validateMessage: _message, ...filterState } = mask.filterState;
  return { ...mask, filterState };
}
