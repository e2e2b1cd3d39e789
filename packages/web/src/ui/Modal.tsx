import type { ReactNode } from 'react';
import { Modal as AntModal, Button, Space } from 'antd';

/** Superset's default modal width. */
export const DEFAULT_MODAL_WIDTH = 600;

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  onCancel: () => void;
  /** Primary button action; without it the footer only has the cancel button. */
  onConfirm?: () => void;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  confirmLoading?: boolean;
  confirmDisabled?: boolean;
  confirmDanger?: boolean;
  /** Replaces the default footer entirely (`null` for none). */
  footer?: ReactNode;
  /** Extra buttons shown left of the cancel / confirm pair. */
  extraFooter?: ReactNode;
  width?: number | string;
  /** `data-test` of the whole dialog, footer included. */
  dataTest?: string;
}

/** The app's modal: 600 px wide, contents dropped when closed, footer buttons with stable data-test ids. */
export function Modal({
  open,
  title,
  children,
  onCancel,
  onConfirm,
  confirmText = 'OK',
  cancelText = 'Cancel',
  confirmLoading = false,
  confirmDisabled = false,
  confirmDanger = false,
  footer,
  extraFooter,
  width = DEFAULT_MODAL_WIDTH,
  dataTest,
}: ModalProps) {
  const defaultFooter = (
    <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
      {extraFooter}
      <Button onClick={onCancel} data-test="modal-cancel-button">
        {cancelText}
      </Button>
      {onConfirm ? (
        <Button
          type="primary"
          danger={confirmDanger}
          onClick={onConfirm}
          loading={confirmLoading}
          disabled={confirmDisabled}
          data-test="modal-confirm-button"
        >
          {confirmText}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <AntModal
      open={open}
      title={title}
      onCancel={onCancel}
      width={width}
      destroyOnHidden
      mask={{ closable: false }}
      footer={footer === undefined ? defaultFooter : footer}
      modalRender={dataTest ? (node) => <div data-test={dataTest}>{node}</div> : undefined}
    >
      {children}
    </AntModal>
  );
}
