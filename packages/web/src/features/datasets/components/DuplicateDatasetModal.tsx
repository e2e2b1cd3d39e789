import { useState } from 'react';
import type { DatasetListItem } from '@tessera/core';
import { Alert, Form, Input } from 'antd';
import { useDuplicateDatasetMutation } from '../../../api/datasetApi';
import { Modal } from '../../../ui/Modal';
import { getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';

interface DuplicateDatasetModalProps {
  dataset: Pick<DatasetListItem, 'id' | 'table_name'> | null;
  onClose: () => void;
}

/** Copies a virtual dataset under a new name (`POST /api/v1/dataset/duplicate`). */
export function DuplicateDatasetModal({ dataset, onClose }: DuplicateDatasetModalProps) {
  const [name, setName] = useState('');
  const [duplicate, state] = useDuplicateDatasetMutation();
  const [error, setError] = useState<string | null>(null);
  const { addSuccessToast } = useToasts();
  const close = () => {
    setName('');
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!dataset || !name.trim()) return;
    try {
      await duplicate({ base_model_id: dataset.id, table_name: name.trim() }).unwrap();
      addSuccessToast(`Duplicated: ${name.trim()}`);
      close();
    } catch (caught) {
      setError(getClientErrorObject(caught).error);
    }
  };

  return (
    <Modal
      open={dataset !== null}
      title="Duplicate dataset"
      onCancel={close}
      onConfirm={() => void confirm()}
      confirmText="Duplicate"
      confirmDisabled={!name.trim()}
      confirmLoading={state.isLoading}
      dataTest="duplicate-dataset-modal"
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form layout="vertical" onFinish={() => void confirm()}>
        <Form.Item label="New dataset name" htmlFor="duplicate-dataset-name">
          <Input id="duplicate-dataset-name" value={name} onChange={(event) => setName(event.target.value)} placeholder={dataset ? `${dataset.table_name} copy` : ''} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
