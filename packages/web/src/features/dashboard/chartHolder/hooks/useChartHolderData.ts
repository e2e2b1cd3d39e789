import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import type { FormData } from '@tessera/core';
import { selectChartWaitsForFilters } from '../../nativeFilters';
import { initialDashboardState, type DashboardRootState, type DashboardState } from '../../state/dashboardStateSlice';
import { dashboardQueryFormData, dashboardRenderFormData } from '../utils/dashboardFormData';

/** The dashboard state, or its initial value while the page has not injected the slice yet. */
const dashboardOf = (state: unknown): DashboardState => (state as Partial<DashboardRootState>).dashboardState ?? initialDashboardState;

/**
 * What one chart holder reads from the open dashboard, each piece selected by this chart's id so that another
 * chart's change does not re-render it. Form data are rebuilt only when their inputs change.
 */
export function useChartHolderData(chartId: number) {
  const chart = useSelector((s: unknown) => dashboardOf(s).charts[chartId]);
  const datasourceKey = typeof chart?.form_data.datasource === 'string' ? chart.form_data.datasource : `${chart?.datasource_id}__${chart?.datasource_type}`;
  const datasource = useSelector((s: unknown) => dashboardOf(s).datasets[datasourceKey]);
  const refresh = useSelector((s: unknown) => dashboardOf(s).chartRefresh[chartId]);
  const dashboardId = useSelector((s: unknown) => dashboardOf(s).id);
  const metadata = useSelector((s: unknown) => dashboardOf(s).metadata);
  const dataMask = useSelector((s: unknown) => dashboardOf(s).dataMask);
  const isExpanded = useSelector((s: unknown) => Boolean(dashboardOf(s).expandedSlices[chartId]));
  const isFullSize = useSelector((s: unknown) => dashboardOf(s).fullSizeChartId === chartId);
  // A required (or first-value) filter in scope without a value yet: the chart waits instead of running unfiltered.
  const waitingForFilters = useSelector((s: unknown) => selectChartWaitsForFilters(s as object, chartId));

  const formData = useMemo<FormData | null>(
    () => (chart ? dashboardQueryFormData(chartId, { ...chart.form_data, viz_type: chart.form_data.viz_type ?? chart.viz_type }, dataMask, metadata) : null),
    [chart, chartId, dataMask, metadata],
  );
  const renderFormData = useMemo(() => (formData ? dashboardRenderFormData(formData, dashboardId, metadata) : null), [formData, dashboardId, metadata]);

  return { chart, datasource, refresh, dashboardId, formData, renderFormData, isExpanded, isFullSize, waitingForFilters };
}
