import { useBulkDeleteChartsMutation, useDeleteChartMutation, type ChartListItem } from '../../../api/chartApi';
import { ConfirmDelete } from '../../../ui/ConfirmDelete';
import { getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';

interface DeleteChartsModalProps {
  /** One chart: `DELETE /<id>`; several: bulk `DELETE /?q=!(ids)`. Empty closes the dialog. */
  charts: readonly Pick<ChartListItem, 'id' | 'slice_name'>[];
  /** Selected charts the user may not delete: named in the dialog, and left alone. */
  kept?: readonly Pick<ChartListItem, 'id' | 'slice_name'>[];
  onClose: () => void;
  onDeleted?: () => void;
}

/** Confirms (type DELETE) and deletes one or several charts; the outcome is toasted. */
export function DeleteChartsModal({ charts, kept = [], onClose, onDeleted }: DeleteChartsModalProps) {
  const [deleteOne, single] = useDeleteChartMutation();
  const [deleteMany, bulk] = useBulkDeleteChartsMutation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [first] = charts;
  const isBulk = charts.length > 1;

  const confirm = async () => {
    if (!first) return;
    try {
      if (isBulk) {
        const { message } = await deleteMany(charts.map((chart) => chart.id)).unwrap();
        addSuccessToast(message);
      } else {
        await deleteOne(first.id).unwrap();
        addSuccessToast(`Deleted: ${first.slice_name}`);
      }
      onDeleted?.();
    } catch (caught) {
      const what = isBulk ? 'the selected charts' : first.slice_name;
      addDangerToast(`There was an issue deleting ${what}: ${getClientErrorObject(caught).error}`);
    }
    onClose();
  };

  return (
    <ConfirmDelete
      open={first !== undefined}
      title={isBulk ? 'Please confirm' : 'Delete chart?'}
      description={
        <>
          {isBulk ? (
            <>Are you sure you want to delete the {charts.length} selected charts?</>
          ) : (
            <>
              Are you sure you want to delete <strong>{first?.slice_name}</strong>?
            </>
          )}
          {kept.length > 0 ? (
            <span data-test="delete-kept-note">
              {' '}
              Only owners or an admin can delete a chart, so {kept.length === 1 ? 'this selected chart stays' : `these ${kept.length} selected charts stay`}:{' '}
              {kept.map((chart) => chart.slice_name).join(', ')}.
            </span>
          ) : null}
        </>
      }
      loading={single.isLoading || bulk.isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
