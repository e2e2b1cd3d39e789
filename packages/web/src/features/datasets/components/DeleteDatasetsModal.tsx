import type { DatasetListItem } from '@tessera/core';
import { useBulkDeleteDatasetsMutation, useDatasetRelatedObjectsQuery, useDeleteDatasetMutation } from '../../../api/datasetApi';
import { ConfirmDelete } from '../../../ui/ConfirmDelete';
import { getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';

interface DeleteDatasetsModalProps {
  /** One dataset: `DELETE /<id>`; several: bulk `DELETE /?q=!(ids)`. Empty closes the dialog. */
  datasets: readonly Pick<DatasetListItem, 'id' | 'table_name'>[];
  onClose: () => void;
  onDeleted?: () => void;
}

/** What deleting one dataset breaks, from `related_objects` (silent when that call fails). */
function SingleDescription({ dataset }: { dataset: Pick<DatasetListItem, 'id' | 'table_name'> }) {
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
  const [deleteOne, single] = useDeleteDatasetMutation();
  const [deleteMany, bulk] = useBulkDeleteDatasetsMutation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [first] = datasets;
  const isBulk = datasets.length > 1;

  const confirm = async () => {
    if (!first) return;
    try {
      if (isBulk) {
        const { message } = await deleteMany(datasets.map((dataset) => dataset.id)).unwrap();
        addSuccessToast(message);
      } else {
        await deleteOne(first.id).unwrap();
        addSuccessToast(`Deleted: ${first.table_name}`);
      }
      onDeleted?.();
    } catch (caught) {
      const what = isBulk ? 'the selected datasets' : first.table_name;
      addDangerToast(`There was an issue deleting ${what}: ${getClientErrorObject(caught).error}`);
    }
    onClose();
  };

  return (
    <ConfirmDelete
      open={first !== undefined}
      title={isBulk ? 'Please confirm' : 'Delete Dataset?'}
      description={
        isBulk ? <>Are you sure you want to delete the {datasets.length} selected datasets?</> : first ? <SingleDescription dataset={first} /> : null
      }
      loading={single.isLoading || bulk.isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
