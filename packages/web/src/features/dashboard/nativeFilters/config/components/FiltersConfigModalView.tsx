import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { Alert, Button, Flex, Space, Tabs, Typography } from 'antd';
import type { NativeFilterConfig } from '@tessera/core';
import { Modal } from '../../../../../ui/Modal';
import { selectDashboardState } from '../../../state/dashboardStateSlice';
import { selectLayout } from '../../../page/layoutBridge';
import { useFiltersConfigState } from '../hooks/useFiltersConfigState';
import { useSaveFilters } from '../hooks/useSaveFilters';
import { filtersChange, keptItems } from '../utils/configState';
import type { ConfigItemForm } from '../utils/filterForm';
import { fieldId, firstError, formFieldErrors, validateForms, type ConfigField, type FieldErrors } from '../utils/validateForms';
import type { FiltersConfigModalProps } from '../FiltersConfigModal';
import { CancelConfirm } from './CancelConfirm';
import { DividerFormView } from './DividerFormView';
import { FilterList } from './FilterList';
import { FilterSettingsForm } from './FilterSettingsForm';
import { RemovedItem } from './RemovedItem';
import { ScopingPanel } from './ScopingPanel';

const EMPTY: NativeFilterConfig[] = [];

/** Focuses a field by id: the input itself, or the first focusable element inside it. */
function focusField(id: string) {
  const element = document.getElementById(id);
  if (!element) return;
  const focusable = element.matches('input, textarea, button, [tabindex]:not([tabindex="-1"])') ? element : element.querySelector<HTMLElement>('input, textarea, button');
  (focusable ?? element).focus();
}

/** Superset's FiltersConfigModal, "Add and edit filters" (spec §4, §5; facts §4.1). */
export function FiltersConfigModalView({ open, initialFilterId, onClose }: FiltersConfigModalProps) {
  const { id: dashboardId, metadata, charts } = useSelector((s: object) => selectDashboardState(s));
  const layout = useSelector(selectLayout);
  const stored = metadata.native_filter_configuration ?? EMPTY;
  const { state, act } = useFiltersConfigState(stored, initialFilterId);
  const { save, saving, error, clearError } = useSaveFilters(dashboardId);
  const [attempted, setAttempted] = useState(false);
  const [tab, setTab] = useState<'settings' | 'scoping'>('settings');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [focus, setFocus] = useState<{ id: string; field: ConfigField; n: number } | null>(null);
  // The server's field errors of the last save, until the filter is edited.
  const [serverErrors, setServerErrors] = useState<Record<string, FieldErrors>>({});
  const update = (item: ConfigItemForm) => {
    act({ type: 'update', item });
    if (serverErrors[item.id]) setServerErrors(({ [item.id]: _dropped, ...rest }) => rest);
  };


  const errors = useMemo(() => {
    const merged: Record<string, FieldErrors> = attempted ? validateForms(keptItems(state)) : {};
    for (const [id, fields] of Object.entries(serverErrors)) merged[id] = { ...fields, ...merged[id] };
    return merged;
  }, [attempted, state, serverErrors]);
  const errorIds = useMemo(() => new Set(Object.keys(errors)), [errors]);

  useEffect(() => {
    if (!focus) return undefined;
    const timer = setTimeout(() => focusField(fieldId(focus.id, focus.field)), 0);
    return () => clearTimeout(timer);
  }, [focus]);

  const chartName = useCallback((chartId: number) => charts[chartId]?.slice_name, [charts]);

  const onSave = async () => {
    setAttempted(true);
    const listed = state.order.filter((id) => !state.removed[id]);
    const showFirst = (found: { id: string; field: ConfigField }) => {
      act({ type: 'select', id: found.id });
      setTab('settings');
      setFocus((prior) => ({ ...found, n: (prior?.n ?? 0) + 1 }));
    };
    const found = firstError(listed, validateForms(keptItems(state)));
    if (found) return showFirst(found);
    const outcome = await save(filtersChange(state, layout));
    if (outcome.ok) return onClose();
    const fromServer = formFieldErrors(outcome.filterErrors);
    setServerErrors(fromServer);
    const first = firstError(listed, fromServer);
    if (first) showFirst(first);
  };

  const onCancel = () => {
    if (state.touched && !confirmCancel) setConfirmCancel(true);
    else onClose();
  };

  const selected = state.selectedId ? state.items[state.selectedId] : undefined;
  const selectedErrors = (selected && errors[selected.id]) || {};

  let body = <Typography.Text type="secondary">Click "Add filters and dividers" to add a filter.</Typography.Text>;
  if (selected && state.removed[selected.id]) {
    body = <RemovedItem kind={selected.kind} onRestore={() => act({ type: 'restore', id: selected.id })} />;
  } else if (selected?.kind === 'divider') {
    body = <DividerFormView form={selected} errors={selectedErrors} onChange={update} />;
  } else if (selected?.kind === 'filter') {
    body = (
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as 'settings' | 'scoping')}
        items={[
          {
            key: 'settings',
            label: 'Settings',
            children: <FilterSettingsForm key={selected.id} form={selected} items={state.items} order={state.order} layout={layout} errors={selectedErrors} onChange={update} />,
          },
          { key: 'scoping', label: 'Scoping', children: <ScopingPanel form={selected} layout={layout} chartName={chartName} onChange={update} /> },
        ]}
      />
    );
  }

  const footer = confirmCancel ? (
    <CancelConfirm onConfirm={onClose} onDismiss={() => setConfirmCancel(false)} />
  ) : (
    <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
      <Button onClick={onCancel} data-test="native-filter-modal-cancel-button">
        Cancel
      </Button>
      <Button type="primary" loading={saving} onClick={() => void onSave()} data-test="native-filter-modal-save-button">
        Save
      </Button>
    </Space>
  );

  return (
    <Modal open={open} title="Add and edit filters" width={1000} onCancel={onCancel} footer={footer} dataTest="filter-modal">
      {error ? <Alert type="error" showIcon title={<span style={{ whiteSpace: 'pre-line' }}>{error}</span>} closable={{ onClose: clearError }} style={{ marginBottom: 12 }} data-test="filters-config-modal-error" /> : null}
      <Flex gap={16} style={{ minHeight: 480 }}>
        <FilterList state={state} errorIds={errorIds} act={act} />
        <div style={{ flex: 1, minWidth: 0, maxHeight: 620, overflowY: 'auto', paddingRight: 4 }}>{body}</div>
      </Flex>
    </Modal>
  );
}
