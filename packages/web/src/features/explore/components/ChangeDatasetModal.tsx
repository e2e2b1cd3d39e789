import { useState } from 'react';
import { Select } from 'antd';
import { useSearchDatasetsQuery } from '../../../api/exploreApi';
import { Modal } from '../../../ui/Modal';

interface ChangeDatasetModalProps {
  onCancel: () => void;
  onSelect: (datasetId: number) => void;
  loading: boolean;
}

/** Pick another dataset; controls whose columns the new one lacks go back to their defaults. */
export function ChangeDatasetModal({ onCancel, onSelect, loading }: ChangeDatasetModalProps) {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number | undefined>();
  const { data = [], isFetching } = useSearchDatasetsQuery(search);
  return (
    <Modal open title="Change dataset" onCancel={onCancel} onConfirm={() => selected !== undefined && onSelect(selected)} confirmText="Proceed" confirmDisabled={selected === undefined} confirmLoading={loading} dataTest="change-dataset-modal">
      <Select
        aria-label="Dataset"
        style={{ width: '100%' }}
        showSearch={{ onSearch: setSearch, filterOption: false }}
        loading={isFetching}
        placeholder="Search datasets"
        value={selected}
        onChange={(id: number) => setSelected(id)}
        options={data.map((d) => ({ value: d.id, label: `${d.schema ? `${d.schema}.` : ''}${d.table_name} (${d.database.database_name})` }))}
      />
    </Modal>
  );
}
