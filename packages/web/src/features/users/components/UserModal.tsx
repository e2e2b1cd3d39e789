import { useState } from 'react';
import { DEFAULT_PASSWORD_POLICY, passwordProblems, type UserRecord } from '@tessera/core';
import { Form, Input, Select, Switch } from 'antd';
import { useCreateUserMutation, useGetPasswordPolicyQuery, useGetRolesQuery, useUpdateUserMutation } from '../../../api/securityApi';
import { Modal } from '../../../ui/Modal';
import { ErrorMessage, getFieldErrors } from '../../errors';
import { useToasts } from '../../toasts';
import { buildUserCreate, buildUserUpdate, newUserValues, USER_FIELDS, userFormValues, type UserFormValues } from '../utils/userFormValues';

interface UserModalProps {
  open: boolean;
  /** The user being edited; a new user when absent. */
  user?: UserRecord;
  onClose: () => void;
}

const ROLE_OPTIONS_QUERY = { page_size: 100 } as const;

function UserFormBody({ user, onClose }: Omit<UserModalProps, 'open'>) {
  const [form] = Form.useForm<UserFormValues>();
  const { addSuccessToast } = useToasts();
  const roles = useGetRolesQuery(ROLE_OPTIONS_QUERY);
  // The server's settings; until they arrive (or if they cannot be read) the defaults, and the server decides anyway.
  const policy = useGetPasswordPolicyQuery(undefined, { skip: Boolean(user) }).data ?? DEFAULT_PASSWORD_POLICY;
  const [createUser, createState] = useCreateUserMutation();
  const [updateUser, updateState] = useUpdateUserMutation();
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    setError(null);
    let values: UserFormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as UserFormValues;
    } catch {
      return;
    }
    try {
      if (user) await updateUser({ id: user.id, body: buildUserUpdate(values) }).unwrap();
      else await createUser(buildUserCreate(values)).unwrap();
      addSuccessToast(user ? `User ${values.username} updated` : `User ${values.username} created`);
      onClose();
    } catch (caught) {
      const fieldErrors = Object.entries(getFieldErrors(caught));
      const known = fieldErrors.filter(([name]) => (USER_FIELDS as readonly string[]).includes(name));
      form.setFields(known.map(([name, errors]) => ({ name: name as keyof UserFormValues, errors })));
      if (known.length === 0 || known.length < fieldErrors.length) setError(caught);
    }
  };

  return (
    <Modal
      open
      title={user ? 'Edit user' : 'Add user'}
      onCancel={onClose}
      onConfirm={() => void submit()}
      confirmText="Save"
      confirmLoading={createState.isLoading || updateState.isLoading}
      dataTest="user-modal"
    >
      <Form<UserFormValues> form={form} name="user" layout="vertical" initialValues={user ? userFormValues(user) : newUserValues()}>
        {error ? (
          <div style={{ marginBottom: 16 }}>
            <ErrorMessage error={error} />
          </div>
        ) : null}
        <Form.Item label="Username" name="username" rules={[{ required: true, whitespace: true, message: 'Please enter a username' }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="First name" name="first_name">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Last name" name="last_name">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Please enter an email' },
            { type: 'email', message: 'Not a valid email address.' },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        {user ? null : (
          <Form.Item
            label="Password"
            name="password"
            dependencies={['username']}
            rules={[
              { required: true, message: 'Please enter a password' },
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) => {
                  const problems = value ? passwordProblems(value, String(getFieldValue('username') ?? ''), policy) : [];
                  return problems.length ? Promise.reject(new Error(problems.join(' '))) : Promise.resolve();
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item label="Active" name="active" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="Roles" name="roles">
          <Select
            mode="multiple"
            allowClear
            loading={roles.isLoading}
            placeholder="Select roles"
            optionFilterProp="label"
            options={[...(roles.data?.result ?? [])].sort((a, b) => a.name.localeCompare(b.name)).map((role) => ({ value: role.id, label: role.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Create or edit a user. */
export function UserModal({ open, user, onClose }: UserModalProps) {
  if (!open) return null;
  return <UserFormBody key={user?.id ?? 'new'} {...(user ? { user } : {})} onClose={onClose} />;
}
