import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import type { LoginCredentials } from '../../../api/types';
import { useLoginMutation } from '../../../api/authApi';
import { getClientErrorObject } from '../../errors';

interface LoginFormProps {
  onSuccess: () => void;
}

/** Username + password form; shows the server's message on failure. */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const [login, { isLoading }] = useLoginMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: LoginCredentials) => {
    setError(null);
    try {
      await login({ username: values.username.trim(), password: values.password }).unwrap();
      onSuccess();
    } catch (caught) {
      setError(getClientErrorObject(caught).error);
    }
  };

  return (
    <Form<LoginCredentials> name="login" layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
      {error ? <Alert type="error" showIcon title={error} data-test="login-error" style={{ marginBottom: 16 }} /> : null}
      <Form.Item label="Username" name="username" rules={[{ required: true, whitespace: true, message: 'Please enter your username' }]}>
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter your password' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading} data-test="login-button">
        Sign in
      </Button>
    </Form>
  );
}
