import type { DatasetOption } from '../../../api/exploreApi';

/** `schema.table`, or the table alone when the dataset has no schema. */
export function datasetLabel(dataset: Pick<DatasetOption, 'schema' | 'table_name'>): string {
  return dataset.schema ? `${dataset.schema}.${dataset.table_name}` : dataset.table_name;
}
