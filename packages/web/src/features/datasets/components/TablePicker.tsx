import { useState } from 'react';
import { Form, Input, Select, Tag, Typography } from 'antd';
import { useGetDatabasesQuery, useGetSchemasQuery, useGetTablesQuery } from '../../../api/databaseApi';
import { useListDatasetsQuery } from '../../../api/datasetApi';
import { ItemList } from '../../../ui/ItemList';
import { TableOutlined } from '../../../ui/icons';
import { ErrorMessage } from '../../errors';

const PREFERRED_SCHEMAS = ['main', 'public'];

export interface TableChoice {
  databaseId: number | null;
  schema: string | null;
  table: string | null;
  /** The physical dataset already built on the chosen table, if any. */
  existingDatasetId: number | null;
}

interface TablePickerProps {
  value: TableChoice;
  onChange: (value: TableChoice) => void;
}

/** Database → schema → table, with a search over the schema's tables. */
export function TablePicker({ value, onChange }: TablePickerProps) {
  const [search, setSearch] = useState('');
  const databases = useGetDatabasesQuery({ order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 100 });
  const schemas = useGetSchemasQuery(value.databaseId ?? 0, { skip: value.databaseId === null });
  const schemaList = value.databaseId === null ? [] : (schemas.data ?? []);
  // Until the user picks one, the usual default schema of the engine is preselected.
  const schema = value.schema ?? PREFERRED_SCHEMAS.find((name) => schemaList.includes(name)) ?? schemaList[0] ?? null;
  const tables = useGetTablesQuery({ databaseId: value.databaseId ?? 0, schema: schema ?? '' }, { skip: value.databaseId === null || schema === null });
  const needle = search.trim().toLowerCase();
  const tableList = (tables.data?.result ?? []).filter((entry) => !needle || entry.value.toLowerCase().includes(needle));

  // Tables that already back a dataset are tagged, and picking one tells the parent which dataset it is.
  const datasets = useListDatasetsQuery(
    {
      filters: [
        { col: 'database', opr: 'rel_o_m', value: value.databaseId ?? 0 },
        { col: 'schema', opr: 'eq', value: schema ?? '' },
      ],
      page: 0,
      page_size: 100,
    },
    { skip: value.databaseId === null || schema === null },
  );
  const existing = new Map((datasets.data?.result ?? []).filter((dataset) => !dataset.sql).map((dataset) => [dataset.table_name, dataset.id]));

  return (
    <Form layout="vertical" data-test="table-picker">
      <Form.Item label="Database" htmlFor="dataset-add-database">
        <Select<number>
          id="dataset-add-database"
          aria-label="Database"
          data-test="dataset-add-database"
          placeholder="Select database or type to search databases"
          showSearch={{ optionFilterProp: 'label' }}
          loading={databases.isFetching}
          value={value.databaseId ?? undefined}
          onChange={(databaseId) => onChange({ databaseId, schema: null, table: null, existingDatasetId: null })}
          options={(databases.data?.result ?? []).map((db) => ({ value: db.id, label: db.database_name }))}
        />
      </Form.Item>
      <Form.Item label="Schema" htmlFor="dataset-add-schema">
        <Select<string>
          id="dataset-add-schema"
          aria-label="Schema"
          data-test="dataset-add-schema"
          placeholder="Select schema or type to search schemas"
          showSearch
          disabled={value.databaseId === null}
          loading={schemas.isFetching}
          value={schema ?? undefined}
          onChange={(next) => onChange({ ...value, schema: next, table: null, existingDatasetId: null })}
          options={schemaList.map((name) => ({ value: name, label: name }))}
        />
      </Form.Item>
      {schemas.error ? <ErrorMessage error={schemas.error} /> : null}
      {tables.error ? <ErrorMessage error={tables.error} /> : null}
      {schema !== null ? (
        <>
          <Input.Search allowClear placeholder="Search tables" aria-label="Search tables" data-test="dataset-add-table-search" value={search} onChange={(event) => setSearch(event.target.value)} />
          <div style={{ maxHeight: 360, overflowY: 'auto' }}>
            <ItemList
              dataTest="dataset-add-tables"
              items={tableList}
              itemKey={(entry) => entry.value}
              loading={tables.isFetching}
              emptyText={needle ? 'No tables match your search' : 'No tables in this schema'}
              renderItem={(entry) => (
                <Typography.Link
                  data-test="dataset-add-table"
                  strong={entry.value === value.table}
                  onClick={() => onChange({ ...value, schema, table: entry.value, existingDatasetId: existing.get(entry.value) ?? null })}
                  aria-current={entry.value === value.table ? 'true' : undefined}
                >
                  <TableOutlined /> {entry.value}
                </Typography.Link>
              )}
              renderExtra={(entry) => (
                <>
                  {entry.type === 'view' ? <Tag>view</Tag> : null}
                  {existing.has(entry.value) ? <Tag color="blue">dataset</Tag> : null}
                </>
              )}
            />
          </div>
        </>
      ) : null}
    </Form>
  );
}
