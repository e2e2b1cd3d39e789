import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import type { ChartRuntimeState } from '../../../chart';
import { selectDashboardState } from '../../state/dashboardStateSlice';
import { filterIndicators, type FilterIndicator } from '../utils/filterIndicators';

/** The chart's filter badge entries: the masks in its scope, checked against its last answer. */
export function useFilterIndicators(chartId: number, runtime: ChartRuntimeState | null): FilterIndicator[] {
  const dataMask = useSelector((s: object) => selectDashboardState(s).dataMask);
  const metadata = useSelector((s: object) => selectDashboardState(s).metadata);
  const charts = useSelector((s: object) => selectDashboardState(s).charts);
  const answer = runtime?.queriesResponse?.[0];
  return useMemo(
    () => filterIndicators(chartId, dataMask, metadata, (id) => charts[id]?.slice_name ?? `Chart ${id}`, answer),
    [chartId, dataMask, metadata, charts, answer],
  );
}
