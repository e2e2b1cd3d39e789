import type { ReactNode } from 'react';
import { Form } from 'antd';

export interface FieldProps {
  label: string;
  id: string;
  /** Server messages for this field (FAB's `{message: {field: [...]}}`). */
  errors?: string[] | undefined;
  required?: boolean;
  children: ReactNode;
}

/** One labelled field of the annotation forms, with the server's messages under it. */
export function Field({ label, id, errors, required = false, children }: FieldProps) {
  return (
    <Form.Item label={label} htmlFor={id} required={required} validateStatus={errors?.length ? 'error' : ''} help={errors?.join(' ')}>
      {children}
    </Form.Item>
  );
}
