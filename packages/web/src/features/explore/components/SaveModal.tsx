import { useState } from 'react';
import { Button, Form, Input, Radio, Select } from 'antd';
import { useListDashboardsQuery } from '../../../api/dashboardApi';
import { containsFilter } from '../../../api/listQuery';
import { Modal } from '../../../ui/Modal';
import { useSaveChart, type DashboardChoice } from '../hooks/useSaveChart';
import { useExploreState } from '../state/ExploreContext';
import type { SaveAction } from '../utils/savePayload';

const NEW_PREFIX = 'new::';

interface SaveModalProps {
  onClose: () => void;
}

/** Save the chart: overwrite (owners only) or save as a new chart, optionally onto an existing or a new dashboard. */
export function SaveModal({ onClose }: SaveModalProps) {
  const { slice, sliceName, permissions } = useExploreState();
  const canOverwrite = slice !== null && permissions.can_overwrite;
  const [action, setAction] = useState<SaveAction>(canOverwrite ? 'overwrite' : 'saveas');
  const [name, setName] = useState(sliceName || '');
  const [search, setSearch] = useState('');
  const [dashboardValue, setDashboardValue] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const save = useSaveChart();
  const { data } = useListDashboardsQuery({ filters: containsFilter('dashboard_title', search), order_column: 'dashboard_title', order_direction: 'asc', page: 0, page_size: 100 });
  const dashboards = data?.result ?? [];

  const typed = search.trim();
  const options = [
    ...dashboards.map((d) => ({ value: String(d.id), label: d.dashboard_title })),
    ...(typed && !dashboards.some((d) => d.dashboard_title === typed) ? [{ value: `${NEW_PREFIX}${typed}`, label: `${typed} (new)` }] : []),
    ...(dashboardValue?.startsWith(NEW_PREFIX) && dashboardValue.slice(NEW_PREFIX.length) !== typed ? [{ value: dashboardValue, label: `${dashboardValue.slice(NEW_PREFIX.length)} (new)` }] : []),
  ];

  const choice = (): DashboardChoice => {
    if (!dashboardValue) return null;
    if (dashboardValue.startsWith(NEW_PREFIX)) return { title: dashboardValue.slice(NEW_PREFIX.length), isNew: true };
    const found = dashboards.find((d) => String(d.id) === dashboardValue);
    return { id: Number(dashboardValue), title: found?.dashboard_title ?? dashboardValue };
  };

  const submit = async (goToDashboard: boolean) => {
    setSaving(true);
    const done = await save({ action, sliceName: name.trim(), dashboard: choice(), goToDashboard });
    setSaving(false);
    if (done && !goToDashboard) onClose();
  };

  const nameMissing = name.trim() === '';
  return (
    <Modal
      open
      title="Save chart"
      onCancel={onClose}
      dataTest="save-modal"
      footer={[
        <Button key="cancel" onClick={onClose} data-test="modal-cancel-button">
          Cancel
        </Button>,
        <Button key="go" disabled={nameMissing || !dashboardValue} loading={saving} onClick={() => void submit(true)} data-test="save-go-to-dashboard">
          Save &amp; go to dashboard
        </Button>,
        <Button key="save" type="primary" disabled={nameMissing} loading={saving} onClick={() => void submit(false)} data-test="modal-confirm-button">
          Save
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item>
          <Radio.Group value={action} onChange={(e) => setAction(e.target.value as SaveAction)}>
            <Radio value="overwrite" disabled={!canOverwrite} data-test="save-overwrite-radio">
              Save (Overwrite)
            </Radio>
            <Radio value="saveas" data-test="saveas-radio">
              Save as...
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="Chart name" required>
          <Input aria-label="Chart name" value={name} onChange={(e) => setName(e.target.value)} data-test="new-chart-name" placeholder="Name" />
        </Form.Item>
        <Form.Item label="Add to dashboard">
          <Select
            aria-label="Add to dashboard"
            allowClear
            showSearch={{ onSearch: setSearch, filterOption: false, searchValue: search }}
            placeholder="Select a dashboard or type a new name"
            value={dashboardValue}
            onChange={(value?: string) => {
              setDashboardValue(value);
              setSearch('');
            }}
            options={options}
            data-test="save-chart-modal-select-dashboard-form"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
