import rison from 'rison';
import type {
  DatasetColumnEdit,
  DatasetCreate,
  DatasetDuplicate,
  DatasetListItem,
  DatasetMetricEdit,
  DatasetRelatedObjects,
  DatasetShow,
  DatasetUpdate,
  ListResponse,
  TableMetadata,
} from '@tessera/core';
import { baseApi } from './baseApi';
import { encodeListQuery, type ListParams } from './listQuery';
import { LIST_ID } from './tags';
import type { MessageResponse, MutationResponse } from './types';

const DATASET_URL = '/api/v1/dataset/';

/** A column / metric as `PUT /api/v1/dataset/<pk>` takes it: existing ones keep their `id`, new ones have none. */
export type DatasetColumnInput = DatasetColumnEdit;
export type DatasetMetricInput = DatasetMetricEdit;
export type { DatasetDuplicate, DatasetRelatedObjects, DatasetUpdate } from '@tessera/core';

export interface DatasetOptionsResponse {
  count: number;
  result: { value: string | number; text: string }[];
}

function datasetTags(id: number) {
  return [
    { type: 'Dataset' as const, id },
    { type: 'Dataset' as const, id: LIST_ID },
  ];
}

export const datasetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listDatasets: build.query<ListResponse<DatasetListItem>, ListParams>({
      query: (params) => ({ url: DATASET_URL, params: { q: encodeListQuery(params) } }),
      providesTags: (result) => [
        { type: 'Dataset', id: LIST_ID },
        ...(result?.result ?? []).map((dataset) => ({ type: 'Dataset' as const, id: dataset.id })),
      ],
    }),
    getDataset: build.query<DatasetShow, number>({
      query: (id) => `${DATASET_URL}${id}`,
      transformResponse: (body: { id: number; result: Omit<DatasetShow, 'id'> & { id?: number } }) => ({
        ...body.result,
        id: body.result.id ?? body.id,
      }),
      providesTags: (_result, _error, id) => [{ type: 'Dataset', id }],
    }),
    /** Physical: `{database, schema, table_name}`; virtual: the same plus `sql`. */
    createDataset: build.mutation<MutationResponse<Partial<DatasetCreate>>, DatasetCreate>({
      query: (body) => ({ url: DATASET_URL, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Dataset', id: LIST_ID }]),
    }),
    updateDataset: build.mutation<MutationResponse<Partial<DatasetShow>>, { id: number; body: DatasetUpdate; overrideColumns?: boolean }>({
      query: ({ id, body, overrideColumns }) => ({
        url: `${DATASET_URL}${id}`,
        method: 'PUT',
        body,
        params: overrideColumns ? { override_columns: 'true' } : undefined,
      }),
      // The explorer caches the dataset's columns/metrics under 'Explore'.
      invalidatesTags: (_result, error, { id }) => (error ? [] : [...datasetTags(id), 'Explore']),
    }),
    /** `PUT /api/v1/dataset/<pk>/refresh`: sync the columns from the source table or query. */
    refreshDataset: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `${DATASET_URL}${id}/refresh`, method: 'PUT' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [...datasetTags(id), 'Explore']),
    }),
    deleteDataset: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `${DATASET_URL}${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : datasetTags(id)),
    }),
    /** `DELETE /api/v1/dataset/?q=!(1,2)` -> `{message: "Deleted 2 datasets"}`. */
    bulkDeleteDatasets: build.mutation<MessageResponse, number[]>({
      query: (ids) => ({ url: DATASET_URL, method: 'DELETE', params: { q: rison.encode(ids) } }),
      invalidatesTags: (_result, error, ids) =>
        error ? [] : [...ids.map((id) => ({ type: 'Dataset' as const, id })), { type: 'Dataset', id: LIST_ID }],
    }),
    duplicateDataset: build.mutation<MutationResponse<Partial<DatasetShow>>, DatasetDuplicate>({
      query: (body) => ({ url: `${DATASET_URL}duplicate`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Dataset', id: LIST_ID }]),
    }),
    /**
     * Charts and dashboards built on a dataset. Tagged with the chart list, not the dataset: deleting the dataset
     * invalidates its tag, and a refetch for the row that is gone would only answer 404.
     */
    datasetRelatedObjects: build.query<DatasetRelatedObjects, number>({
      query: (id) => `${DATASET_URL}${id}/related_objects`,
      providesTags: [{ type: 'Chart', id: LIST_ID }],
    }),
    /** Options of a relation filter, e.g. `owners`, `database`. */
    datasetRelated: build.query<DatasetOptionsResponse, string>({
      query: (column) => `${DATASET_URL}related/${column}`,
      providesTags: [{ type: 'Dataset', id: LIST_ID }],
    }),
    /** Distinct values of a column, e.g. `schema`. */
    datasetDistinct: build.query<DatasetOptionsResponse, string>({
      query: (column) => `${DATASET_URL}distinct/${column}`,
      providesTags: [{ type: 'Dataset', id: LIST_ID }],
    }),
    /** Columns of a source table, previewed before a dataset is created from it. */
    tableMetadata: build.query<TableMetadata, { databaseId: number; schema: string | null; table: string }>({
      query: ({ databaseId, schema, table }) => ({
        url: `/api/v1/database/${databaseId}/table_metadata/`,
        params: schema ? { name: table, schema } : { name: table },
      }),
    }),
  }),
});

export const {
  useListDatasetsQuery,
  useGetDatasetQuery,
  useCreateDatasetMutation,
  useUpdateDatasetMutation,
  useRefreshDatasetMutation,
  useDeleteDatasetMutation,
  useBulkDeleteDatasetsMutation,
  useDuplicateDatasetMutation,
  useDatasetRelatedObjectsQuery,
  useDatasetRelatedQuery,
  useDatasetDistinctQuery,
  useTableMetadataQuery,
} = datasetApi;
