import { useCallback, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { crossFilterSelectedValues, isInteractiveChart, selectionDataMask, toggleCrossFilter, type CrossFilterSelection, type DataMask } from '@tessera/core';
import { dashboardStateActions, selectDashboardState } from '../../state/dashboardStateSlice';

export interface ChartCrossFilter {
  /** Set when the chart may emit cross-filters now: an interactive chart, cross-filters on, not editing. */
  onCrossFilter: ((selection: CrossFilterSelection) => void) | undefined;
  /** The chart's active cross-filter, for the renderer to highlight. */
  selection: { columns: string[]; values: unknown[][] } | null;
  /** Whether a selection is the chart's active cross-filter (the context menu offers "Remove cross-filter" then). */
  isSelected: (selection: CrossFilterSelection) => boolean;
}

/**
 * A chart holder's cross-filter (facts §4.2): a click on a data element sets the chart's mask (id = chart id) and
 * a second click on the same value clears it. Emission is off when the dashboard has `cross_filters_enabled: false`,
 * in edit mode and for charts that are not interactive.
 */
export function useCrossFilter(chartId: number, vizType: string | undefined, editMode: boolean): ChartCrossFilter {
  const dispatch = useDispatch();
  const enabled = useSelector((s: object) => selectDashboardState(s).metadata.cross_filters_enabled !== false);
  const mask = useSelector((s: object): DataMask | undefined => selectDashboardState(s).dataMask[String(chartId)]);
  const emits = enabled && !editMode && isInteractiveChart(vizType);

  const onCrossFilter = useCallback(
    (selection: CrossFilterSelection) => dispatch(dashboardStateActions.updateDataMask(toggleCrossFilter(mask, selectionDataMask(chartId, selection)))),
    [dispatch, mask, chartId],
  );
  const selection = useMemo(() => {
    const values = enabled ? crossFilterSelectedValues(mask) : null;
    const columns = (mask?.extraFormData?.filters ?? []).map((f) => f.col);
    return values ? { columns, values } : null;
  }, [mask, enabled]);
  const isSelected = useCallback(
    (candidate: CrossFilterSelection) => !!selection && JSON.stringify(selection.values) === JSON.stringify([candidate.values]),
    [selection],
  );
  return { onCrossFilter: emits ? onCrossFilter : undefined, selection, isSelected };
}
