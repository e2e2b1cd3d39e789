import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Checkbox, Form, Input } from 'antd';
import { DASHBOARD_MESSAGES, UNTITLED_DASHBOARD } from '@tessera/core';
import { useCopyDashboardMutation } from '../../../api/dashboardApi';
import { Modal } from '../../../ui/Modal';
import { useToasts } from '../../toasts';
import { dashboardPath } from '../page/dashboardAddress';
import type { DashboardState } from '../state/dashboardStateSlice';
import { saveErrorMessage } from './saveErrorMessage';

/**
 * "Save as": a copy of the dashboard (POST /copy/) under a new title, optionally with copies of its charts, then the
 * copy opens. The copy takes the metadata as shown now (colours, refresh), as Superset's SaveModal sends it.
 */
export function SaveAsModal({
  info,
  metadata,
  onClose,
}: {
  info: NonNullable<DashboardState['info']>;
  metadata: DashboardState['metadata'];
  onClose: () => void;
}) {
  const [title, setTitle] = useState(`${info.dashboard_title} [copy]`);
  const [duplicateSlices, setDuplicateSlices] = useState(false);
  const [copyDashboard, { isLoading }] = useCopyDashboardMutation();
  const { addDangerToast, addSuccessToast } = useToasts();
  const navigate = useNavigate();

  const save = async () => {
    try {
      const { positions: _positions, ...kept } = metadata;
      const answer = await copyDashboard({
        id: info.id,
        dashboard_title: title.trim() || UNTITLED_DASHBOARD,
        css: info.css ?? '',
        json_metadata: JSON.stringify(kept),
        duplicate_slices: duplicateSlices,
      }).unwrap();
      addSuccessToast(DASHBOARD_MESSAGES.saved);
      onClose();
      void navigate(dashboardPath({ id: answer.result.id }));
    } catch (error) {
      addDangerToast(saveErrorMessage(error));
    }
  };

  return (
    <Modal
      open
      title="Save dashboard"
      onCancel={onClose}
      onConfirm={() => void save()}
      confirmText="Save"
      confirmLoading={isLoading}
      dataTest="save-as-modal"
    >
      <Form layout="vertical">
        <Form.Item label="New dashboard name" required>
          <Input aria-label="New dashboard name" value={title} onChange={(event) => setTitle(event.target.value)} data-test="save-as-title" />
        </Form.Item>
        <Checkbox checked={duplicateSlices} onChange={(event) => setDuplicateSlices(event.target.checked)} data-test="duplicate-slices">
          also copy (duplicate) charts
        </Checkbox>
      </Form>
    </Modal>
  );
}
