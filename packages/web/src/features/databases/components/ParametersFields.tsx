import type { Engine } from '@tessera/core';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { ENGINE_OPTIONS } from '../utils/engines';
import { DisplayNameField } from './DisplayNameField';

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** Per-engine connection parameters (the "dynamic form"). */
export function ParametersFields({ engine }: { engine: Engine }) {
  const option = ENGINE_OPTIONS[engine];
  if (option.fileBased) {
    return (
      <>
        <Form.Item
          label="File path"
          name={['parameters', 'database']}
          extra="Absolute path of the database file on the server."
          rules={required('Please enter the file path')}
        >
          <Input data-test="file-path-input" placeholder={option.filePlaceholder} autoComplete="off" />
        </Form.Item>
        <DisplayNameField />
      </>
    );
  }
  return (
    <>
      <Row gutter={12}>
        <Col xs={24} sm={16}>
          <Form.Item label="Host" name={['parameters', 'host']} rules={required('Please enter a host')}>
            <Input placeholder="e.g. 127.0.0.1" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item label="Port" name={['parameters', 'port']} rules={[{ required: true, message: 'Please enter a port' }]}>
            <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} placeholder={String(option.defaultPort)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Database name" name={['parameters', 'database']} rules={required('Please enter a database name')}>
        <Input placeholder="e.g. world_population" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Username" name={['parameters', 'username']} rules={required('Please enter a username')}>
        <Input placeholder="e.g. Analytics" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Password" name={['parameters', 'password']}>
        <Input.Password placeholder="e.g. ********" autoComplete="new-password" />
      </Form.Item>
      <DisplayNameField />
    </>
  );
}
