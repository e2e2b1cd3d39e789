import { Form, Input } from 'antd';

/** The connection's display name (`database_name`). */
export function DisplayNameField() {
  return (
    <Form.Item
      label="Display name"
      name="database_name"
      extra="Pick a name to help you identify this database."
      rules={[{ required: true, whitespace: true, message: 'Please enter a display name' }]}
    >
      <Input data-test="database-name-input" placeholder="e.g. Analytics" autoComplete="off" />
    </Form.Item>
  );
}
