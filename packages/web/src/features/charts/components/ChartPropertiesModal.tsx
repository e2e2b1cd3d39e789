import { useEffect, useMemo } from 'react';
import { Alert, Form, Input, Select, Skeleton } from 'antd';
import { useChartRelatedQuery, useGetChartQuery, useUpdateChartMutation } from '../../../api/chartApi';
import { Modal } from '../../../ui/Modal';
import { ErrorMessage, getErrorSaveMessage } from '../../errors';
import { useToasts } from '../../toasts';
import { cacheTimeoutError, chartPropertiesPayload, chartPropertiesValues, type ChartPropertiesValues } from '../utils/chartPropertiesPayload';
import { userName } from '../utils/userName';

interface ChartPropertiesModalProps {
  /** The chart being edited; null closes the modal. */
  chartId: number | null;
  onClose: () => void;
  onSaved?: (values: ChartPropertiesValues) => void;
}

function checkCacheTimeout(value: string | undefined): Promise<void> {
  const error = cacheTimeoutError(value ?? '');
  return error ? Promise.reject(new Error(error)) : Promise.resolve();
}

function PropertiesForm({ chartId, onClose, onSaved }: { chartId: number; onClose: () => void; onSaved?: (values: ChartPropertiesValues) => void }) {
  const chart = useGetChartQuery(chartId);
  const owners = useChartRelatedQuery('owners');
  const [update, saving] = useUpdateChartMutation();
  const { addSuccessToast } = useToasts();
  const [form] = Form.useForm<ChartPropertiesValues>();
  const certifiedBy = Form.useWatch('certified_by', form);
  const initial = useMemo(() => (chart.data ? chartPropertiesValues(chart.data) : null), [chart.data]);

  useEffect(() => {
    if (initial) form.setFieldsValue(initial);
  }, [form, initial]);

  // Current owners stay selectable even when the related endpoint pages them out.
  const ownerOptions = useMemo(() => {
    const options = new Map<number, string>();
    for (const owner of chart.data?.owners ?? []) options.set(owner.id, userName(owner));
    for (const option of owners.data?.result ?? []) options.set(Number(option.value), option.text);
    return [...options].map(([value, label]) => ({ value, label }));
  }, [chart.data, owners.data]);

  const save = async () => {
    const values = await form.validateFields();
    await update({ id: chartId, ...chartPropertiesPayload(values) }).unwrap();
    addSuccessToast('Chart properties updated');
    onSaved?.(values);
    onClose();
  };

  return (
    <Modal
      open
      title="Edit Chart Properties"
      onCancel={onClose}
      onConfirm={() => void save().catch(() => undefined)}
      confirmText="Save"
      confirmLoading={saving.isLoading}
      confirmDisabled={!initial}
      dataTest="properties-edit-modal"
    >
      {chart.error ? (
        <ErrorMessage error={chart.error} />
      ) : !initial ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void save().catch(() => undefined)}>
          {saving.error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={getErrorSaveMessage('chart', saving.error)} data-test="properties-save-error" /> : null}
          <Form.Item name="slice_name" label="Name" rules={[{ required: true, whitespace: true, message: 'Name is required' }]}>
            <Input data-test="properties-modal-name-input" />
          </Form.Item>
          <Form.Item name="description" label="Description" extra="The description can be displayed as widget headers in the dashboard view. Supports markdown.">
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item
            name="cache_timeout"
            label="Cache timeout"
            extra="Duration (in seconds) of the caching timeout for this chart. Set to -1 to bypass the cache."
            rules={[{ validator: (_rule, value: string | undefined) => checkCacheTimeout(value) }]}
          >
            {/* Plain text, so what was typed is validated instead of silently dropped (a number input turns "abc" into empty). */}
            <Input inputMode="numeric" data-test="properties-modal-cache-timeout" />
          </Form.Item>
          <Form.Item name="certified_by" label="Certified by" extra="Person or group that has certified this chart.">
            <Input />
          </Form.Item>
          <Form.Item name="certification_details" label="Certification details" extra="Any additional detail to show in the certification tooltip.">
            <Input disabled={!certifiedBy?.trim()} />
          </Form.Item>
          <Form.Item name="owners" label="Owners" extra="A list of users who can alter the chart. Searchable by name or username.">
            <Select mode="multiple" loading={owners.isFetching} showSearch={{ optionFilterProp: 'label' }} options={ownerOptions} aria-label="Owners" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The "Edit properties" dialog of the charts list: name, description, cache timeout, certification, owners (PUT). */
export function ChartPropertiesModal({ chartId, onClose, onSaved }: ChartPropertiesModalProps) {
  return chartId === null ? null : <PropertiesForm key={chartId} chartId={chartId} onClose={onClose} {...(onSaved ? { onSaved } : {})} />;
}
