import { useSelector } from 'react-redux';
import { useGetDatasetQuery } from '../../../../../api/datasetApi';
import { selectDashboardState } from '../../../state/dashboardStateSlice';

export interface FilterDatasetColumn {
  column_name: string;
  verbose_name?: string | null;
  type_generic: number | null;
  is_dttm: boolean;
}

/**
 * The columns of a filter's dataset: from the dashboard's datasets when a chart uses it, otherwise from
 * `GET /api/v1/dataset/<id>` (a filter may target a dataset no chart of the dashboard uses).
 */
export function useFilterDataset(datasetId: number | undefined): { columns: FilterDatasetColumn[] | null; loading: boolean; error: boolean } {
  const fromDashboard = useSelector((state: object) => (datasetId === undefined ? undefined : selectDashboardState(state).datasets[`${datasetId}__table`]));
  const fetched = useGetDatasetQuery(datasetId ?? 0, { skip: datasetId === undefined || fromDashboard !== undefined });
  if (fromDashboard) return { columns: fromDashboard.columns, loading: false, error: false };
  if (datasetId === undefined) return { columns: null, loading: false, error: false };
  return { columns: fetched.data?.columns ?? null, loading: fetched.isLoading, error: fetched.isError };
}
