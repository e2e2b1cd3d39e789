import { useState } from 'react';
import type { DatabaseListItem } from '@tessera/core';
import { Alert } from 'antd';
import { useDeleteDatabaseMutation } from '../../../api/databaseApi';
import { ConfirmDelete } from '../../../ui/ConfirmDelete';
import { getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';

interface DeleteDatabaseModalProps {
  database: Pick<DatabaseListItem, 'id' | 'database_name'> | null;
  onClose: () => void;
}

/** Confirms and deletes a database; a 422 (still used by datasets) is shown in the dialog. */
export function DeleteDatabaseModal({ database, onClose }: DeleteDatabaseModalProps) {
  const [deleteDatabase, { isLoading }] = useDeleteDatabaseMutation();
  const { addSuccessToast } = useToasts();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!database) return;
    setError(null);
    try {
      await deleteDatabase(database.id).unwrap();
      addSuccessToast(`Deleted: ${database.database_name}`);
      close();
    } catch (caught) {
      setError(getClientErrorObject(caught).error);
    }
  };

  return (
    <ConfirmDelete
      open={database !== null}
      title="Delete database?"
      description={
        <>
          The database <strong>{database?.database_name}</strong> will be deleted. Datasets, charts and saved queries that use it stop
          working.
        </>
      }
      loading={isLoading}
      onCancel={close}
      onConfirm={() => void confirm()}
      error={
        error ? <Alert type="error" showIcon title={error} data-test="delete-error" style={{ marginBottom: 16 }} /> : undefined
      }
    />
  );
}
