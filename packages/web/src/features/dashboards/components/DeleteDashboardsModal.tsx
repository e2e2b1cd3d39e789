import type { DashboardListItem } from '@tessera/core';
import { useDeleteDashboardMutation } from '../../../api/dashboardApi';
import { useBulkDeleteDashboardsMutation } from '../../../api/dashboardListApi';
import { DeleteObjectsModal, type DeleteObjectsApi } from '../../../ui/DeleteObjectsModal';
import { getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';

type Named = Pick<DashboardListItem, 'id' | 'dashboard_title'>;

const DASHBOARD_DELETES: DeleteObjectsApi = { useDeleteOne: useDeleteDashboardMutation, useDeleteMany: useBulkDeleteDashboardsMutation };

interface DeleteDashboardsModalProps {
  /** One dashboard: `DELETE /<id>`; several: bulk `DELETE /?q=!(ids)`. Empty closes the dialog. */
  dashboards: readonly Named[];
  /** Selected dashboards the user may not delete: named in the dialog, and left alone. */
  kept?: readonly Named[];
  onClose: () => void;
  onDeleted?: () => void;
}

/** Confirms (type DELETE) and deletes one or several dashboards; the outcome is toasted. Their charts stay. */
export function DeleteDashboardsModal({ dashboards, kept, onClose, onDeleted }: DeleteDashboardsModalProps) {
  const toasts = useToasts();
  return (
    <DeleteObjectsModal
      api={DASHBOARD_DELETES}
      items={dashboards}
      kept={kept}
      nameOf={(dashboard) => dashboard.dashboard_title}
      noun={{ one: 'dashboard', many: 'dashboards' }}
      singleTitle="Delete dashboard?"
      toasts={toasts}
      errorText={(caught) => getClientErrorObject(caught).error}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
