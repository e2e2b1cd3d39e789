import { useState } from 'react';
import { Alert, Select, Typography } from 'antd';
import { DASHBOARD_AUTO_REFRESH_INTERVALS } from '@tessera/core';
import { Modal } from '../../../ui/Modal';

/**
 * "Set auto-refresh interval" (facts §4.4 choices). In view mode the choice lasts for this visit; in edit mode it is saved
 * with the dashboard (`refresh_frequency`).
 */
export function AutoRefreshModal({
  seconds,
  editMode,
  onSave,
  onClose,
}: {
  seconds: number;
  editMode: boolean;
  onSave: (seconds: number) => void;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState(seconds);
  const known = DASHBOARD_AUTO_REFRESH_INTERVALS.some(([value]) => value === seconds);
  const options = [
    ...DASHBOARD_AUTO_REFRESH_INTERVALS.map(([value, label]) => ({ value, label })),
    ...(known ? [] : [{ value: seconds, label: `${seconds} seconds` }]),
  ];
  return (
    <Modal
      open
      title="Refresh interval"
      onCancel={onClose}
      onConfirm={() => {
        onSave(choice);
        onClose();
      }}
      confirmText="Save"
      dataTest="auto-refresh-modal"
    >
      <Typography.Paragraph>Refresh frequency</Typography.Paragraph>
      <Select aria-label="Refresh frequency" style={{ width: '100%' }} value={choice} onChange={setChoice} options={options} data-test="refresh-frequency-select" />
      {!editMode ? (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          title="This interval applies to this visit only. To keep it, set it in edit mode and save the dashboard."
        />
      ) : null}
    </Modal>
  );
}
