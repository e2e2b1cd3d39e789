import { useState } from 'react';
import type { PermissionViewRecord, RoleRecord } from '@tessera/core';
import { Flex, Spin, Transfer } from 'antd';
import { useGetPermissionResourcesQuery, useGetRolePermissionsQuery, useSetRolePermissionsMutation } from '../../../api/securityApi';
import { Modal } from '../../../ui/Modal';
import { ErrorMessage } from '../../errors';
import { useToasts } from '../../toasts';

const label = (pv: PermissionViewRecord) => `${pv.permission_name} on ${pv.view_menu_name}`;

interface RolePermissionsModalProps {
  role: RoleRecord;
  onClose: () => void;
}

/** Grants and revokes permission/view pairs of a role. Render it only while open. */
export function RolePermissionsModal({ role, onClose }: RolePermissionsModalProps) {
  const all = useGetPermissionResourcesQuery();
  const granted = useGetRolePermissionsQuery(role.id, { refetchOnMountOrArgChange: true });
  const [save, saveState] = useSetRolePermissionsMutation();
  const { addSuccessToast } = useToasts();
  const [selected, setSelected] = useState<number[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  const targetKeys = selected ?? (granted.data ?? []).map((pv) => pv.id);
  const loading = all.isLoading || granted.isLoading;
  const loadError = all.error ?? granted.error;

  const submit = async () => {
    setError(null);
    try {
      await save({ id: role.id, permissionViewMenuIds: [...targetKeys].sort((a, b) => a - b) }).unwrap();
      addSuccessToast(`Permissions of ${role.name} saved`);
      onClose();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Modal
      open
      title={`Permissions of ${role.name}`}
      width={860}
      onCancel={onClose}
      onConfirm={() => void submit()}
      confirmText="Save"
      confirmLoading={saveState.isLoading}
      confirmDisabled={loading || Boolean(loadError)}
      dataTest="role-permissions-modal"
    >
      {error ? <ErrorMessage error={error} /> : null}
      {loadError ? (
        <ErrorMessage error={loadError} />
      ) : loading ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin aria-label="Loading permissions" />
        </Flex>
      ) : (
        <Transfer
          dataSource={(all.data ?? []).map((pv) => ({ key: pv.id, title: label(pv) }))}
          targetKeys={targetKeys}
          onChange={(keys) => setSelected(keys.map(Number))}
          render={(item) => item.title}
          titles={['Available', 'Granted']}
          showSearch
          filterOption={(input, item) => item.title.toLowerCase().includes(input.toLowerCase())}
          styles={{ section: { width: '100%', height: 420 } }}
          style={{ marginTop: 8 }}
        />
      )}
    </Modal>
  );
}
