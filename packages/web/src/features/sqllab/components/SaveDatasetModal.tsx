import { useState } from 'react';
import { AutoComplete, Button, Input, Radio, Space } from 'antd';
import { useGetMeQuery } from '../../../api/meApi';
import { useListDatasetsQuery } from '../../../api/datasetApi';
import { Modal } from '../../../ui/Modal';

export const OVERWRITE_CONFIRM = 'Are you sure you want to overwrite this dataset?';

/** A dataset the user owns, as the overwrite search lists it. */
export interface OverwriteTarget {
  id: number;
  tableName: string;
  owners: number[];
}

export interface SaveDatasetModalProps {
  open: boolean;
  defaultName: string;
  saving: boolean;
  onCancel: () => void;
  onSaveNew: (name: string) => void;
  onOverwrite: (target: OverwriteTarget) => void;
}

/**
 * Superset's "Save or Overwrite Dataset": save the query as a new virtual dataset, or overwrite the SQL and
 * columns of one the user owns (searched by name), after a confirmation step.
 */
export function SaveDatasetModal({ open, defaultName, saving, onCancel, onSaveNew, onOverwrite }: SaveDatasetModalProps) {
  const [mode, setMode] = useState<'new' | 'overwrite'>('new');
  const [name, setName] = useState(defaultName);
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<OverwriteTarget | null>(null);
  const [confirming, setConfirming] = useState(false);
  const me = useGetMeQuery();
  const userId = me.data?.id;
  const owned = useListDatasetsQuery(
    {
      filters: [
        { col: 'table_name', opr: 'ct', value: search.trim() },
        { col: 'owners', opr: 'rel_m_m', value: userId ?? 0 },
      ],
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page_size: 25,
    },
    { skip: !open || mode !== 'overwrite' || userId === undefined },
  );
  // Named by the dataset's name (screen readers read an option's value), keyed by its id.
  const options = (owned.data?.result ?? []).map((d) => ({
    key: d.id,
    value: d.table_name,
    label: d.table_name,
    target: { id: d.id, tableName: d.table_name, owners: d.owners.map((o) => o.id) },
  }));

  const close = () => {
    setConfirming(false);
    onCancel();
  };
  const canSave = mode === 'new' ? name.trim().length > 0 : target !== null;
  const footer = confirming ? (
    <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
      <Button onClick={() => setConfirming(false)}>Back</Button>
      <Button type="primary" loading={saving} data-test="overwrite-confirm-button" onClick={() => target && onOverwrite(target)}>
        Overwrite & Explore
      </Button>
    </Space>
  ) : (
    <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
      <Button onClick={close}>Cancel</Button>
      <Button
        type="primary"
        disabled={!canSave}
        loading={saving}
        data-test="modal-confirm-button"
        onClick={() => (mode === 'new' ? onSaveNew(name.trim()) : setConfirming(true))}
      >
        {mode === 'new' ? 'Save & Explore' : 'Overwrite & Explore'}
      </Button>
    </Space>
  );

  return (
    <Modal open={open} title="Save or Overwrite Dataset" onCancel={close} footer={footer} dataTest="save-dataset-modal">
      {confirming ? (
        <p>{OVERWRITE_CONFIRM}</p>
      ) : (
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 'new' | 'overwrite')} style={{ width: '100%' }}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Radio value="new">Save as new</Radio>
            <Input aria-label="Dataset name" value={name} disabled={mode !== 'new'} onChange={(e) => setName(e.target.value)} />
            <Radio value="overwrite">Overwrite existing</Radio>
            <AutoComplete
              aria-label="Dataset to overwrite"
              style={{ width: '100%' }}
              disabled={mode !== 'overwrite'}
              placeholder="Select or type dataset name"
              options={options}
              value={target?.tableName ?? search}
              // The target follows the text in the box, whatever order antd reports typing and picking in:
              // an option picked, or a name typed out in full, is the dataset; anything else is a search.
              onChange={(text: string) => {
                setSearch(text);
                setTarget(options.find((o) => o.value === text)?.target ?? null);
              }}
              onSelect={(_value, option) => setTarget(option.target)}
              notFoundContent={owned.isFetching ? 'Loading...' : 'No datasets you own match'}
            />
          </Space>
        </Radio.Group>
      )}
    </Modal>
  );
}
