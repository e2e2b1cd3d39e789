import { Typography } from 'antd';
import { DASHBOARD_MESSAGES } from '@tessera/core';
import { Modal } from '../../../ui/Modal';

/** Confirm-diff (spec §5): the dashboard changed since it was opened; saving overwrites these stored values. */
export function OverwriteConfirmModal({
  fields,
  saving,
  onConfirm,
  onCancel,
}: {
  fields: string[];
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open
      title="Overwrite changes"
      onCancel={onCancel}
      onConfirm={onConfirm}
      confirmText="Overwrite"
      confirmLoading={saving}
      confirmDanger
      dataTest="overwrite-confirm-modal"
    >
      <Typography.Paragraph>{DASHBOARD_MESSAGES.confirmOverwrite}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Someone saved this dashboard after you opened it. Saving now replaces their version.
      </Typography.Paragraph>
      {fields.length > 0 ? (
        <ul data-test="overwrite-fields">
          {fields.map((field) => (
            <li key={field}>{field}</li>
          ))}
        </ul>
      ) : null}
    </Modal>
  );
}
