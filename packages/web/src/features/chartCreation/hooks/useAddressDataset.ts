import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useGetDatasetQuery } from '../../../api/datasetApi';
import type { DatasetOption } from '../../../api/exploreApi';

export interface AddressDataset {
  /** The dataset `?dataset=<id>` names, once loaded. */
  dataset: DatasetOption | null;
  loading: boolean;
  /** The address names a dataset that does not exist (or that the user may not read). */
  notFound: boolean;
}

/** The dataset to preselect from `?dataset=<id>` (Superset's `/chart/add?dataset=`). */
export function useAddressDataset(): AddressDataset {
  const [params] = useSearchParams();
  const raw = params.get('dataset');
  const id = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  const { data, isLoading, isError } = useGetDatasetQuery(id ?? 0, { skip: id === null });
  return useMemo(
    () => ({
      dataset: data
        ? { id: data.id, table_name: data.table_name, schema: data.schema, database: { id: data.database.id, database_name: data.database.database_name } }
        : null,
      loading: isLoading,
      notFound: id !== null && isError,
    }),
    [data, isLoading, isError, id],
  );
}
