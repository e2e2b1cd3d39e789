import { Form, Input } from 'antd';
import type { DividerForm } from '../utils/filterForm';
import { fieldId, type FieldErrors } from '../utils/validateForms';

interface DividerFormViewProps {
  form: DividerForm;
  errors: FieldErrors;
  onChange: (form: DividerForm) => void;
}

/** A divider's Title and Description (both trimmed on save). */
export function DividerFormView({ form, errors, onChange }: DividerFormViewProps) {
  return (
    <Form layout="vertical" component="div" data-test="filters-config-modal-divider">
      <Form.Item label="Title" required validateStatus={errors.title ? 'error' : undefined} help={errors.title}>
        <Input id={fieldId(form.id, 'title')} aria-label="Title" value={form.title} onChange={(e) => onChange({ ...form, title: e.target.value })} />
      </Form.Item>
      <Form.Item label="Description">
        <Input.TextArea aria-label="Description" rows={4} value={form.description} onChange={(e) => onChange({ ...form, description: e.target.value })} />
      </Form.Item>
    </Form>
  );
}
