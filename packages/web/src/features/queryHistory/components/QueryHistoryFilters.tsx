import { DatePicker, Flex, Input, Select } from 'antd';
import { useGetDatabasesQuery } from '../../../api/databaseApi';
import type { QueryHistoryFilterValues } from '../utils/buildQueryHistoryFilters';
import { QUERY_STATUS_OPTIONS } from '../utils/queryStatus';

/** The databases SQL Lab can query (`expose_in_sqllab`), as Superset's history filter lists them. */
const SQLLAB_DATABASES = { filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }], page_size: 100 };

interface QueryHistoryFiltersProps {
  value: QueryHistoryFilterValues;
  onChange: (value: QueryHistoryFilterValues) => void;
}

/** Database, state, time range and SQL text filters of the query history. */
export function QueryHistoryFilters({ value, onChange }: QueryHistoryFiltersProps) {
  const databases = useGetDatabasesQuery(SQLLAB_DATABASES);

  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Database"
        aria-label="Filter by database"
        data-test="query-history-database-filter"
        loading={databases.isFetching}
        value={value.databaseId ?? undefined}
        onChange={(databaseId) => onChange({ ...value, databaseId: databaseId ?? null })}
        options={(databases.data?.result ?? []).map((db) => ({ value: db.id, label: db.database_name }))}
        style={{ minWidth: 200 }}
      />
      <Select<string>
        allowClear
        placeholder="State"
        aria-label="Filter by state"
        data-test="query-history-state-filter"
        value={value.status ?? undefined}
        onChange={(status) => onChange({ ...value, status: status ?? null })}
        options={QUERY_STATUS_OPTIONS.map((option) => ({ ...option }))}
        style={{ minWidth: 160 }}
      />
      <DatePicker.RangePicker
        showTime
        allowEmpty={[true, true]}
        aria-label="Filter by start time"
        data-test="query-history-time-filter"
        onChange={(dates) =>
          onChange({ ...value, startAfter: dates?.[0]?.valueOf() ?? null, startBefore: dates?.[1]?.valueOf() ?? null })
        }
      />
      <Input.Search
        allowClear
        placeholder="Search by query text"
        aria-label="Search by query text"
        data-test="query-history-search"
        defaultValue={value.search}
        onSearch={(search) => onChange({ ...value, search })}
        style={{ maxWidth: 320 }}
      />
    </Flex>
  );
}
