import { useBulkDeleteChartsMutation, useDeleteChartMutation, type ChartListItem } from '../../../api/chartApi';
import { DeleteObjectsModal, type DeleteObjectsApi } from '../../../ui/DeleteObjectsModal';
import { getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';

type Named = Pick<ChartListItem, 'id' | 'slice_name'>;

const CHART_DELETES: DeleteObjectsApi = { useDeleteOne: useDeleteChartMutation, useDeleteMany: useBulkDeleteChartsMutation };

interface DeleteChartsModalProps {
  /** One chart: `DELETE /<id>`; several: bulk `DELETE /?q=!(ids)`. Empty closes the dialog. */
  charts: readonly Named[];
  /** Selected charts the user may not delete: named in the dialog, and left alone. */
  kept?: readonly Named[];
  onClose: () => void;
  onDeleted?: () => void;
}

/** Confirms (type DELETE) and deletes one or several charts; the outcome is toasted. */
export function DeleteChartsModal({ charts, kept, onClose, onDeleted }: DeleteChartsModalProps) {
  const toasts = useToasts();
  return (
    <DeleteObjectsModal
      api={CHART_DELETES}
      items={charts}
      kept={kept}
      nameOf={(chart) => chart.slice_name}
      noun={{ one: 'chart', many: 'charts' }}
      singleTitle="Delete chart?"
      toasts={toasts}
      errorText={(caught) => getClientErrorObject(caught).error}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
