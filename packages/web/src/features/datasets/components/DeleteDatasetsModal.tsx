import type { DatasetListItem } from '@tessera/core';
import { useBulkDeleteDatasetsMutation, useDatasetRelatedObjectsQuery, useDeleteDatasetMutation } from '../../../api/datasetApi';
import { DeleteObjectsModal, type DeleteObjectsApi } from '../../../ui/DeleteObjectsModal';
import { getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';

type Named = Pick<DatasetListItem, 'id' | 'table_name'>;

const DATASET_DELETES: DeleteObjectsApi = { useDeleteOne: useDeleteDatasetMutation, useDeleteMany: useBulkDeleteDatasetsMutation };

interface DeleteDatasetsModalProps {
  /** One dataset: `DELETE /<id>`; several: bulk `DELETE /?q=!(ids)`. Empty closes the dialog. */
  datasets: readonly Named[];
  onClose: () => void;
  onDeleted?: () => void;
}

/** What deleting one dataset breaks, from `related_objects` (silent when that call fails). */
function SingleDescription({ dataset }: { dataset: Named }) {
  const related = useDatasetRelatedObjectsQuery(dataset.id);
  const charts = related.data?.charts.count ?? 0;
  const dashboards = related.data?.dashboards.count ?? 0;
  return (
    <>
      The dataset <strong>{dataset.table_name}</strong> is linked to {charts} charts that appear on {dashboards} dashboards. Are you sure you want
      to continue? Deleting the dataset will break those objects.
    </>
  );
}

/** Confirms (type DELETE) and deletes one or several datasets; the outcome is toasted. */
export function DeleteDatasetsModal({ datasets, onClose, onDeleted }: DeleteDatasetsModalProps) {
  const toasts = useToasts();
  return (
    <DeleteObjectsModal
      api={DATASET_DELETES}
      items={datasets}
      nameOf={(dataset) => dataset.table_name}
      noun={{ one: 'dataset', many: 'datasets' }}
      singleTitle="Delete Dataset?"
      describeOne={(dataset) => <SingleDescription dataset={dataset} />}
      toasts={toasts}
      errorText={(caught) => getClientErrorObject(caught).error}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
