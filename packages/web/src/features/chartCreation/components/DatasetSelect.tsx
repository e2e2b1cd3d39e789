import { useState, type ReactNode } from 'react';
import { Flex, Select, Spin, Typography } from 'antd';
import { useSearchDatasetsQuery, type DatasetOption } from '../../../api/exploreApi';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { datasetLabel } from '../utils/datasetLabel';

const SEARCH_DELAY_MS = 300;

interface DatasetSelectProps {
  value: DatasetOption | null;
  onChange: (dataset: DatasetOption | null) => void;
  loading?: boolean;
}

function DatasetOptionLabel({ dataset }: { dataset: DatasetOption }) {
  return (
    <Flex justify="space-between" gap={8}>
      <span>{datasetLabel(dataset)}</span>
      <Typography.Text type="secondary">{dataset.database.database_name}</Typography.Text>
    </Flex>
  );
}

const toOption = (dataset: DatasetOption) => ({
  value: dataset.id,
  label: <DatasetOptionLabel dataset={dataset} />,
  title: `${datasetLabel(dataset)} (${dataset.database.database_name})`,
});

/** Datasets searched on the server by table name (`table_name ct`), shown as schema.table with their database. */
export function DatasetSelect({ value, onChange, loading = false }: DatasetSelectProps) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const { data = [], isFetching } = useSearchDatasetsQuery(query);
  const choose = (picked: { value: number } | undefined) => {
    setSearch('');
    onChange(picked ? (data.find((d) => d.id === picked.value) ?? null) : null);
  };
  return (
    <Select<{ value: number; label?: ReactNode }>
      aria-label="Dataset"
      data-test="chart-creation-dataset-select"
      style={{ width: '100%', maxWidth: 520 }}
      labelInValue
      allowClear
      showSearch={{ onSearch: setSearch, filterOption: false, searchValue: search }}
      placeholder="Choose a dataset"
      loading={loading || isFetching}
      value={value ? toOption(value) : undefined}
      onChange={choose}
      options={data.map(toOption)}
      notFoundContent={isFetching ? <Spin size="small" /> : 'No datasets match'}
    />
  );
}
