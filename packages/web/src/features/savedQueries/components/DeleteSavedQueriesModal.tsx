import type { SavedQueryListItem } from '../../../api/savedQueryApi';
import { useBulkDeleteSavedQueriesMutation, useDeleteSavedQueryMutation } from '../../../api/savedQueryApi';
import { DeleteObjectsModal, type DeleteObjectsApi } from '../../../ui/DeleteObjectsModal';
import { getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';

const SAVED_QUERY_DELETES: DeleteObjectsApi = { useDeleteOne: useDeleteSavedQueryMutation, useDeleteMany: useBulkDeleteSavedQueriesMutation };

interface DeleteSavedQueriesModalProps {
  /** One query: `DELETE /<id>`; several: bulk `DELETE /?q=!(ids)`. Empty closes the dialog. */
  queries: readonly Pick<SavedQueryListItem, 'id' | 'label'>[];
  onClose: () => void;
  onDeleted?: () => void;
}

/** Confirms (type DELETE) and deletes one or several saved queries; the outcome is toasted. */
export function DeleteSavedQueriesModal({ queries, onClose, onDeleted }: DeleteSavedQueriesModalProps) {
  const toasts = useToasts();
  return (
    <DeleteObjectsModal
      api={SAVED_QUERY_DELETES}
      items={queries}
      nameOf={(query) => query.label}
      noun={{ one: 'query', many: 'queries' }}
      singleTitle="Delete query?"
      bulkTitle="Delete queries?"
      toasts={toasts}
      errorText={(caught) => getClientErrorObject(caught).error}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
