import { useState } from 'react';
import { Form, Input, InputNumber, Select } from 'antd';
import { useChartRelatedQuery, useUpdateChartMutation } from '../../../api/chartApi';
import type { ExploreSlice } from '../../../api/exploreApi';
import { Modal } from '../../../ui/Modal';
import { getErrorSaveMessage } from '../../errors';
import { useToasts } from '../../toasts';

const ownerIds = (slice: ExploreSlice) => (slice.owners ?? []).map((o) => (typeof o === 'number' ? o : o.id));

/** Chart properties: name, description, cache timeout and owners (PUT /api/v1/chart/<id>). */
export function PropertiesModal({ slice, onClose, onSaved }: { slice: ExploreSlice; onClose: () => void; onSaved: (slice: ExploreSlice) => void }) {
  const [name, setName] = useState(slice.slice_name);
  const [description, setDescription] = useState(slice.description ?? '');
  const [cacheTimeout, setCacheTimeout] = useState<number | null>(slice.cache_timeout ?? null);
  const [owners, setOwners] = useState<number[]>(ownerIds(slice));
  const { data: related } = useChartRelatedQuery('owners');
  const [updateChart, { isLoading }] = useUpdateChartMutation();
  const { addSuccessToast, addDangerToast } = useToasts();

  const save = async () => {
    try {
      await updateChart({ id: slice.slice_id, slice_name: name.trim(), description: description || null, cache_timeout: cacheTimeout, owners }).unwrap();
      addSuccessToast('Chart properties updated');
      onSaved({ ...slice, slice_name: name.trim(), description, cache_timeout: cacheTimeout, owners });
      onClose();
    } catch (error) {
      addDangerToast(getErrorSaveMessage('chart', error));
    }
  };

  return (
    <Modal open title="Edit Chart Properties" onCancel={onClose} onConfirm={() => void save()} confirmText="Save" confirmLoading={isLoading} confirmDisabled={!name.trim()} dataTest="properties-modal">
      <Form layout="vertical">
        <Form.Item label="Name" required>
          <Input aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        <Form.Item label="Description">
          <Input.TextArea aria-label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
        </Form.Item>
        <Form.Item label="Cache timeout" extra="Duration (in seconds) of the caching timeout for this chart.">
          <InputNumber aria-label="Cache timeout" min={0} style={{ width: '100%' }} value={cacheTimeout} onChange={(v) => setCacheTimeout(v ?? null)} />
        </Form.Item>
        <Form.Item label="Owners">
          <Select aria-label="Owners" mode="multiple" value={owners} onChange={setOwners} options={(related?.result ?? []).map((o) => ({ value: Number(o.value), label: o.text }))} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
