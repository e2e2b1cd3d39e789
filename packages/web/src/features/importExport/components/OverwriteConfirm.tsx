import { Alert, Form, Input } from 'antd';

export const OVERWRITE_WORD = 'OVERWRITE';

interface OverwriteConfirmProps {
  /** "charts", "datasets". */
  importing: string;
  value: string;
  onChange: (value: string) => void;
}

/** Replacing existing objects loses their local changes, so the user types OVERWRITE first (as in Superset). */
export function OverwriteConfirm({ importing, value, onChange }: OverwriteConfirmProps) {
  return (
    <div data-test="import-overwrite">
      <Alert
        type="warning"
        showIcon
        title={`You are importing one or more ${importing} that already exist. Overwriting might cause you to lose some of your work. Are you sure you want to overwrite?`}
        style={{ marginBottom: 12 }}
      />
      <Form.Item label={`Type "${OVERWRITE_WORD}" to confirm`} htmlFor="import-overwrite-confirm" layout="vertical">
        <Input id="import-overwrite-confirm" value={value} onChange={(event) => onChange(event.target.value)} data-test="overwrite-modal-input" />
      </Form.Item>
    </div>
  );
}
