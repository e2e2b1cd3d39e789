import type { SavedQueryListItem } from '../../../api/savedQueryApi';
import { useBulkDeleteSavedQueriesMutation, useDeleteSavedQueryMutation } from '../../../api/savedQueryApi';
import { ConfirmDelete } from '../../../ui/ConfirmDelete';
import { getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';

interface DeleteSavedQueriesModalProps {
  /** One query: `DELETE /<id>`; several: bulk `DELETE /?q=!(ids)`. Empty closes the dialog. */
  queries: readonly Pick<SavedQueryListItem, 'id' | 'label'>[];
  onClose: () => void;
  onDeleted?: () => void;
}

/** Confirms (type DELETE) and deletes one or several saved queries; the outcome is toasted. */
export function DeleteSavedQueriesModal({ queries, onClose, onDeleted }: DeleteSavedQueriesModalProps) {
  const [deleteOne, single] = useDeleteSavedQueryMutation();
  const [deleteMany, bulk] = useBulkDeleteSavedQueriesMutation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [first] = queries;
  const isBulk = queries.length > 1;

  const confirm = async () => {
    if (!first) return;
    try {
      if (isBulk) {
        const { message } = await deleteMany(queries.map((query) => query.id)).unwrap();
        addSuccessToast(message);
      } else {
        await deleteOne(first.id).unwrap();
        addSuccessToast(`Deleted: ${first.label}`);
      }
      onDeleted?.();
    } catch (caught) {
      const what = isBulk ? 'the selected queries' : first.label;
      addDangerToast(`There was an issue deleting ${what}: ${getClientErrorObject(caught).error}`);
    }
    onClose();
  };

  return (
    <ConfirmDelete
      open={first !== undefined}
      title={isBulk ? 'Delete queries?' : 'Delete query?'}
      description={
        isBulk ? (
          <>Are you sure you want to delete the {queries.length} selected queries?</>
        ) : (
          <>
            Are you sure you want to delete <strong>{first?.label}</strong>?
          </>
        )
      }
      loading={single.isLoading || bulk.isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
