import { useState } from 'react';
import type { DatabaseListItem } from '@tessera/core';
import { Drawer, Empty, Form, Select, Tag, Typography } from 'antd';
import { useGetSchemasQuery, useGetTablesQuery } from '../../../api/databaseApi';
import { TableOutlined } from '../../../ui/icons';
import { ItemList } from '../../../ui/ItemList';
import { ErrorMessage } from '../../errors';

const PREFERRED_SCHEMAS = ['main', 'public'];

function defaultSchema(schemas: readonly string[]): string | undefined {
  return PREFERRED_SCHEMAS.find((name) => schemas.includes(name)) ?? schemas[0];
}

interface SchemaBrowserDrawerProps {
  database: Pick<DatabaseListItem, 'id' | 'database_name'> | null;
  onClose: () => void;
}

function SchemaBrowser({ databaseId }: { databaseId: number }) {
  const schemas = useGetSchemasQuery(databaseId);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const schemaList = schemas.data ?? [];
  const schema = picked !== undefined && schemaList.includes(picked) ? picked : defaultSchema(schemaList);
  const tables = useGetTablesQuery({ databaseId, schema: schema ?? '' }, { skip: schema === undefined });

  if (schemas.error) return <ErrorMessage error={schemas.error} />;
  return (
    <>
      <Form layout="vertical">
        <Form.Item label="Schema" htmlFor="schema-select">
          <Select
            id="schema-select"
            data-test="schema-select"
            loading={schemas.isLoading}
            value={schema}
            onChange={setPicked}
            showSearch
            placeholder="Select a schema"
            options={schemaList.map((name) => ({ value: name, label: name }))}
            notFoundContent={schemas.isLoading ? 'Loading…' : 'No schemas'}
          />
        </Form.Item>
      </Form>
      {tables.error ? (
        <ErrorMessage error={tables.error} />
      ) : schema === undefined && !schemas.isLoading ? (
        <Empty description="This database has no schemas." />
      ) : (
        <ItemList
          dataTest="table-list"
          header={
            <Typography.Text strong>
              {tables.data ? `${tables.data.count} ${tables.data.count === 1 ? 'table or view' : 'tables and views'} in ${schema}` : `Tables in ${schema ?? ''}`}
            </Typography.Text>
          }
          loading={tables.isFetching || schemas.isLoading}
          items={tables.data?.result ?? []}
          itemKey={(table) => table.value}
          emptyText="No tables in this schema."
          renderItem={(table) => (
            <Typography.Text>
              <TableOutlined style={{ marginRight: 8 }} />
              {table.value}
            </Typography.Text>
          )}
          renderExtra={(table) => <Tag>{table.type}</Tag>}
        />
      )}
    </>
  );
}

/** Schemas and tables of one database ("Browse" action of the list). */
export function SchemaBrowserDrawer({ database, onClose }: SchemaBrowserDrawerProps) {
  return (
    <Drawer
      open={database !== null}
      onClose={onClose}
      title={database ? `Schemas & tables: ${database.database_name}` : 'Schemas & tables'}
      size={520}
      destroyOnHidden
      data-test="schema-browser"
    >
      {database ? <SchemaBrowser databaseId={database.id} /> : null}
    </Drawer>
  );
}
