import { useState, type ReactNode } from 'react';
import { Form, Input, Typography } from 'antd';
import { Modal } from './Modal';

const CONFIRM_WORD = 'DELETE';

export interface ConfirmDeleteProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  /** Shown above the input, e.g. why the last attempt failed. */
  error?: ReactNode;
}

/** Deletion confirmed by typing DELETE, as in Superset. */
export function ConfirmDelete({ open, title, description, onConfirm, onCancel, loading = false, error }: ConfirmDeleteProps) {
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim().toUpperCase() === CONFIRM_WORD;
  const close = () => {
    setTyped('');
    onCancel();
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      onConfirm={onConfirm}
      confirmText="Delete"
      confirmDanger
      confirmDisabled={!confirmed}
      confirmLoading={loading}
      dataTest="delete-modal"
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      {error}
      <Form layout="vertical" onFinish={() => confirmed && onConfirm()}>
        <Form.Item label={`Type "${CONFIRM_WORD}" to confirm`} htmlFor="delete-confirm-input" style={{ marginBottom: 0 }}>
          <Input
            id="delete-confirm-input"
            data-test="delete-modal-input"
            value={typed}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
