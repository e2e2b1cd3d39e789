import { useEffect, useState } from 'react';
import { Select, Spin } from 'antd';
import { useSearchDatasetsQuery } from '../../../../../api/exploreApi';

const SEARCH_DELAY_MS = 300;

interface DatasetSelectProps {
  id: string;
  value: number | null;
  /** The chosen dataset's name (it may not be among the searched ones). */
  valueLabel: string | null;
  onChange: (datasetId: number | null) => void;
  status?: 'error';
}

/** The filter's Dataset: datasets searched on the server by name (`GET /api/v1/dataset/` with a rison `ct` filter). */
export function DatasetSelect({ id, value, valueLabel, onChange, status }: DatasetSelectProps) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const { data = [], isFetching } = useSearchDatasetsQuery(query);
  const options = data.map((d) => ({ value: d.id, label: d.schema ? `${d.schema}.${d.table_name}` : d.table_name }));
  if (value !== null && !options.some((o) => o.value === value)) options.unshift({ value, label: valueLabel ?? String(value) });
  return (
    <Select<number>
      id={id}
      aria-label="Dataset"
      data-test="filters-config-modal-dataset"
      status={status}
      style={{ width: '100%' }}
      allowClear
      showSearch={{ onSearch: setSearch, filterOption: false, searchValue: search }}
      placeholder="Select a dataset"
      loading={isFetching}
      value={value ?? undefined}
      onChange={(next) => {
        setSearch('');
        onChange(next ?? null);
      }}
      options={options}
      notFoundContent={isFetching ? <Spin size="small" /> : 'No data'}
    />
  );
}
