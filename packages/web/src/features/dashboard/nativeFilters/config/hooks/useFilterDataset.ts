import { useMemo } from 'react';
import { useGetDatasetQuery } from '../../../../../api/datasetApi';
import type { ExploreDatasource } from '../../../../../viz/types';

/**
 * The filter's dataset as the explorer's controls take it (the pre-filter's adhoc filter editor, the column and
 * metric choices); null until chosen and loaded.
 */
export function useFilterDataset(datasetId: number | null): { datasource: ExploreDatasource | null; loading: boolean; label: string | null } {
  const { data, isFetching } = useGetDatasetQuery(datasetId ?? 0, { skip: datasetId === null });
  const datasource = useMemo<ExploreDatasource | null>(() => {
    if (!data || datasetId === null) return null;
    return {
      id: data.id,
      type: 'table',
      uid: `${data.id}__table`,
      name: data.table_name,
      columns: data.columns.map((c) => ({
        column_name: c.column_name,
        type: c.type,
        type_generic: c.type_generic,
        is_dttm: c.is_dttm,
        verbose_name: c.verbose_name,
        expression: c.expression,
        groupby: c.groupby,
        filterable: c.filterable,
      })),
      metrics: data.metrics.map((m) => ({ metric_name: m.metric_name, expression: m.expression, verbose_name: m.verbose_name, d3format: m.d3format, currency: m.currency })),
      main_dttm_col: data.main_dttm_col ?? null,
      verbose_map: {},
    };
  }, [data, datasetId]);
  const label = data && datasetId !== null ? (data.schema ? `${data.schema}.${data.table_name}` : data.table_name) : null;
  return { datasource, loading: isFetching, label };
}
