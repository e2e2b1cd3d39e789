import { Flex, Input, Select } from 'antd';
import { useDatasetDistinctQuery, useDatasetRelatedQuery } from '../../../api/datasetApi';
import { filterLabel, YesNoSelect } from '../../../ui/YesNoSelect';
import type { DatasetFilterValues, DatasetKind } from '../utils/datasetListFilters';

interface DatasetFiltersProps {
  value: DatasetFilterValues;
  onChange: (value: DatasetFilterValues) => void;
}

const KIND_OPTIONS: { value: DatasetKind; label: string }[] = [
  { value: 'virtual', label: 'Virtual' },
  { value: 'physical', label: 'Physical' },
];

/** Search, database, schema, owner, type, certified and modified-by filters of the datasets list. */
export function DatasetFilters({ value, onChange }: DatasetFiltersProps) {
  const databases = useDatasetRelatedQuery('database');
  const owners = useDatasetRelatedQuery('owners');
  const changedBy = useDatasetRelatedQuery('changed_by');
  const schemas = useDatasetDistinctQuery('schema');
  const selectProps = { allowClear: true, showSearch: { optionFilterProp: 'label' }, style: { minWidth: 150 } } as const;

  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }} data-test="dataset-filters">
      <Input.Search
        key={value.search}
        allowClear
        placeholder="Type a value"
        aria-label="Search datasets"
        data-test="dataset-search"
        defaultValue={value.search}
        onSearch={(search) => onChange({ ...value, search })}
        style={{ maxWidth: 280 }}
      />
      <Select<number>
        {...selectProps}
        placeholder="Database"
        aria-label="Filter by database"
        loading={databases.isFetching}
        value={value.databaseId ?? undefined}
        onChange={(databaseId) => onChange({ ...value, databaseId: databaseId ?? null })}
        options={(databases.data?.result ?? []).map((option) => ({ value: Number(option.value), label: option.text }))}
      />
      <Select<string>
        {...selectProps}
        placeholder="Schema"
        aria-label="Filter by schema"
        loading={schemas.isFetching}
        value={value.schema ?? undefined}
        onChange={(schema) => onChange({ ...value, schema: schema ?? null })}
        options={(schemas.data?.result ?? []).map((option) => ({ value: String(option.value), label: option.text }))}
      />
      <Select<number>
        {...selectProps}
        placeholder="Owner"
        labelRender={filterLabel('Owner')}
        aria-label="Filter by owner"
        loading={owners.isFetching}
        value={value.ownerId ?? undefined}
        onChange={(ownerId) => onChange({ ...value, ownerId: ownerId ?? null })}
        options={(owners.data?.result ?? []).map((option) => ({ value: Number(option.value), label: option.text }))}
      />
      <Select<DatasetKind>
        {...selectProps}
        placeholder="Type"
        aria-label="Filter by type"
        value={value.kind ?? undefined}
        onChange={(kind) => onChange({ ...value, kind: kind ?? null })}
        options={KIND_OPTIONS}
      />
      <YesNoSelect filter="Certified" ariaLabel="Filter by certification" value={value.certified} onChange={(certified) => onChange({ ...value, certified })} />
      <Select<number>
        {...selectProps}
        placeholder="Modified by"
        labelRender={filterLabel('Modified by')}
        aria-label="Filter by modified by"
        loading={changedBy.isFetching}
        value={value.changedById ?? undefined}
        onChange={(changedById) => onChange({ ...value, changedById: changedById ?? null })}
        options={(changedBy.data?.result ?? []).map((option) => ({ value: Number(option.value), label: option.text }))}
      />
    </Flex>
  );
}
