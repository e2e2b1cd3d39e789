import { useState } from 'react';
import type { RoleRecord } from '@tessera/core';
import { Alert } from 'antd';
import { useDeleteRoleMutation } from '../../../api/securityApi';
import { ConfirmDelete } from '../../../ui/ConfirmDelete';
import { getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';

/** Confirms and deletes a role. */
export function DeleteRoleModal({ role, onClose }: { role: RoleRecord | null; onClose: () => void }) {
  const [deleteRole, { isLoading }] = useDeleteRoleMutation();
  const { addSuccessToast } = useToasts();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!role) return;
    try {
      await deleteRole(role.id).unwrap();
      addSuccessToast(`Deleted: ${role.name}`);
      close();
    } catch (caught) {
      setError(getClientErrorObject(caught).error);
    }
  };
  return (
    <ConfirmDelete
      open={role !== null}
      title="Delete role?"
      description={
        <>
          The role <strong>{role?.name}</strong> will be deleted and removed from {role?.user_count ?? 0} users.
        </>
      }
      loading={isLoading}
      onCancel={close}
      onConfirm={() => void confirm()}
      error={error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : undefined}
    />
  );
}
