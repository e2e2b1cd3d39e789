import { useCallback, useMemo } from 'react';
import { useSelector } from 'react-redux';
import { mergeExtraFormData, type DataMask, type ExtraFormData, type NativeFilterConfig } from '@tessera/core';
import { selectDashboardState } from '../../state/dashboardStateSlice';
import { canClearAll, isApplyDisabled } from '../state/filterBarLogic';
import { applyFilters, clearAllFilters, filterValueChanged, useFilterBarDispatch } from '../state/filterBarActions';
import { selectPendingMasks } from '../state/nativeFilterBarSlice';

const NO_FILTERS: NativeFilterConfig[] = [];

export interface FilterBarModel {
  /** Filters and dividers in configuration order. */
  items: NativeFilterConfig[];
  pending: Record<string, DataMask>;
  applyDisabled: boolean;
  clearAllDisabled: boolean;
  onChange: (filter: NativeFilterConfig, mask: DataMask) => void;
  /** The merged extraFormData of a filter's cascade parents, from their pending values (Superset's dependencies). */
  parentExtraFormData: (filter: NativeFilterConfig) => ExtraFormData;
  apply: () => void;
  clearAll: () => void;
}

/** What the bar draws and does: the configured filters, their pending values, Apply and Clear all. */
export function useFilterBarModel(): FilterBarModel {
  const dispatch = useFilterBarDispatch();
  const items = useSelector((s: object) => selectDashboardState(s).metadata.native_filter_configuration ?? NO_FILTERS);
  const applied = useSelector((s: object) => selectDashboardState(s).dataMask);
  const pending = useSelector(selectPendingMasks);
  const filters = useMemo(() => items.filter((f) => f.type === 'NATIVE_FILTER'), [items]);

  const onChange = useCallback((filter: NativeFilterConfig, mask: DataMask) => dispatch(filterValueChanged(filter, mask)), [dispatch]);
  const apply = useCallback(() => dispatch(applyFilters()), [dispatch]);
  const clearAll = useCallback(() => dispatch(clearAllFilters()), [dispatch]);
  const parentExtraFormData = useCallback(
    (filter: NativeFilterConfig) => mergeExtraFormData(...(filter.cascadeParentIds ?? []).map((id) => pending[id]?.extraFormData)),
    [pending],
  );

  return {
    items,
    pending,
    applyDisabled: isApplyDisabled(filters, pending, applied),
    clearAllDisabled: !canClearAll(filters, pending, applied),
    onChange,
    parentExtraFormData,
    apply,
    clearAll,
  };
}
