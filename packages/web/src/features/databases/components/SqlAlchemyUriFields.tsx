import { Form, Input } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { DisplayNameField } from './DisplayNameField';

const looksLikeUri = (_rule: RuleObject, value: unknown) =>
  typeof value !== 'string' || value.trim() === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim())
    ? Promise.resolve()
    : Promise.reject(new Error('Invalid connection string: expected dialect://...'));

/** Display name and SQLAlchemy URI. */
export function SqlAlchemyUriFields({ placeholder }: { placeholder: string }) {
  return (
    <>
      <DisplayNameField />
      <Form.Item
        label="SQLAlchemy URI"
        name="sqlalchemy_uri"
        extra="Refer to the SQLAlchemy documentation for how to structure the URI. A masked password is kept as stored."
        rules={[{ required: true, whitespace: true, message: 'Please enter a SQLAlchemy URI' }, { validator: looksLikeUri }]}
      >
        <Input data-test="sqlalchemy-uri-input" placeholder={placeholder} autoComplete="off" spellCheck={false} />
      </Form.Item>
    </>
  );
}
