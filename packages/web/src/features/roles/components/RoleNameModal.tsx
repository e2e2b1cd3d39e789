import { useState } from 'react';
import type { RoleRecord } from '@tessera/core';
import { Form, Input } from 'antd';
import { useCreateRoleMutation, useUpdateRoleMutation } from '../../../api/securityApi';
import { Modal } from '../../../ui/Modal';
import { ErrorMessage, getFieldErrors } from '../../errors';
import { useToasts } from '../../toasts';

interface RoleNameModalProps {
  /** Rename this role; create a new one when absent. */
  role?: RoleRecord;
  onClose: () => void;
}

/** Create a role, or rename one. Render it only while open. */
export function RoleNameModal({ role, onClose }: RoleNameModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  const { addSuccessToast } = useToasts();
  const [createRole, createState] = useCreateRoleMutation();
  const [updateRole, updateState] = useUpdateRoleMutation();
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    setError(null);
    let name: string;
    try {
      name = (await form.validateFields()).name.trim();
    } catch {
      return;
    }
    try {
      if (role) await updateRole({ id: role.id, body: { name } }).unwrap();
      else await createRole({ name }).unwrap();
      addSuccessToast(role ? `Role renamed to ${name}` : `Role ${name} created`);
      onClose();
    } catch (caught) {
      const nameErrors = getFieldErrors(caught).name;
      if (nameErrors) form.setFields([{ name: 'name', errors: nameErrors }]);
      else setError(caught);
    }
  };

  return (
    <Modal
      open
      title={role ? 'Rename role' : 'Add role'}
      onCancel={onClose}
      onConfirm={() => void submit()}
      confirmText="Save"
      confirmLoading={createState.isLoading || updateState.isLoading}
      dataTest="role-modal"
    >
      <Form form={form} name="role" layout="vertical" initialValues={{ name: role?.name ?? '' }} onFinish={() => void submit()}>
        {error ? (
          <div style={{ marginBottom: 16 }}>
            <ErrorMessage error={error} />
          </div>
        ) : null}
        <Form.Item label="Role name" name="name" rules={[{ required: true, whitespace: true, message: 'Please enter a role name' }, { max: 64 }]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
