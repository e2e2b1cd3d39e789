import { Flex, Input, Select } from 'antd';
import { useGetSavedQueryDatabasesQuery, useGetSavedQuerySchemasQuery } from '../../../api/savedQueryApi';
import type { SavedQueryFilterValues } from '../utils/buildSavedQueryFilters';

interface SavedQueryFiltersProps {
  value: SavedQueryFilterValues;
  onChange: (value: SavedQueryFilterValues) => void;
}

/** Search (all_text), database and schema filters of the saved queries list. */
export function SavedQueryFilters({ value, onChange }: SavedQueryFiltersProps) {
  const databases = useGetSavedQueryDatabasesQuery();
  const schemas = useGetSavedQuerySchemasQuery();

  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder="Type a value"
        aria-label="Search saved queries"
        data-test="saved-query-search"
        defaultValue={value.search}
        onSearch={(search) => onChange({ ...value, search })}
        style={{ maxWidth: 320 }}
      />
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Database"
        aria-label="Filter by database"
        data-test="saved-query-database-filter"
        loading={databases.isFetching}
        value={value.databaseId ?? undefined}
        onChange={(databaseId) => onChange({ ...value, databaseId: databaseId ?? null })}
        options={(databases.data?.result ?? []).map((option) => ({ value: Number(option.value), label: option.text }))}
        style={{ minWidth: 200 }}
      />
      <Select<string>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Schema"
        aria-label="Filter by schema"
        data-test="saved-query-schema-filter"
        loading={schemas.isFetching}
        value={value.schema ?? undefined}
        onChange={(schema) => onChange({ ...value, schema: schema ?? null })}
        options={(schemas.data?.result ?? []).map((option) => ({ value: String(option.value), label: option.text }))}
        style={{ minWidth: 200 }}
      />
    </Flex>
  );
}
