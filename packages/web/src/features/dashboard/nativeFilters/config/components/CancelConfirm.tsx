import { Alert, Button, Space } from 'antd';

/** Superset's CancelConfirmationAlert: shown in place of the footer when Cancel would drop edits. */
export function CancelConfirm({ onConfirm, onDismiss }: { onConfirm: () => void; onDismiss: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      title="There are unsaved changes."
      description="Are you sure you want to cancel?"
      data-test="filters-config-modal-cancel-confirm"
      action={
        <Space>
          <Button size="small" onClick={onDismiss}>
            Keep editing
          </Button>
          <Button size="small" type="primary" onClick={onConfirm}>
            Yes, cancel
          </Button>
        </Space>
      }
      style={{ textAlign: 'left' }}
    />
  );
}
