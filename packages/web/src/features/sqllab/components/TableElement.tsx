import { Button, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useSqlLabTableExtraQuery } from '../../../api/sqllabResourcesApi';
import { CloseOutlined, KeyOutlined, TableOutlined } from '../../../ui/icons';
import { useSqlLabDispatch } from '../hooks/useSqlLabStore';
import { removeTable, setTableExpanded } from '../state/tableThunks';
import type { SqlLabTable, TableColumn } from '../state/types';
import { TableExtraWell } from './TableExtraWell';

function keyTags(column: TableColumn, table: SqlLabTable) {
  const tags: string[] = [];
  if (table.primaryKey?.column_names.includes(column.name) || column.keys.some((k) => k.type === 'pk')) tags.push('PK');
  if (table.foreignKeys.some((k) => k.column_names.includes(column.name)) || column.keys.some((k) => k.type === 'fk')) tags.push('FK');
  if (table.indexes.some((k) => k.column_names.includes(column.name)) || column.keys.some((k) => k.type === 'index')) tags.push('IDX');
  return tags;
}

/**
 * A table of the left bar: expands to its columns with types and key markers, and the engine's facts
 * (table_extra, fetched while expanded; a failed fetch shows nothing more).
 */
export function TableElement({ table }: { table: SqlLabTable }) {
  const dispatch = useSqlLabDispatch();
  const extra = useSqlLabTableExtraQuery({ dbId: table.dbId, schema: table.schema, name: table.name }, { skip: !table.expanded });
  return (
    <div data-test="table-element" style={{ marginBottom: 6 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Link onClick={() => void dispatch(setTableExpanded(table, !table.expanded))} aria-expanded={table.expanded}>
          <TableOutlined /> {table.name}
        </Typography.Link>
        <Tooltip title="Remove table preview">
          <Button size="small" type="text" aria-label={`Remove ${table.name}`} icon={<CloseOutlined />} onClick={() => void dispatch(removeTable(table))} />
        </Tooltip>
      </Space>
      {table.expanded ? (
        table.initialized ? (
          <div style={{ paddingLeft: 16, fontSize: 12 }}>
            {table.columns.map((column) => (
              <div key={column.name} style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <span>
                  {keyTags(column, table).map((k) => (
                    <Tag key={k} color={k === 'PK' ? 'gold' : k === 'FK' ? 'blue' : 'default'} style={{ fontSize: 10, lineHeight: '14px', marginInlineEnd: 2 }}>
                      {k === 'PK' ? <KeyOutlined /> : null} {k}
                    </Tag>
                  ))}
                  {column.name}
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                  {column.type}
                </Typography.Text>
              </div>
            ))}
            {extra.data && !extra.isError ? <TableExtraWell extra={extra.data} /> : null}
          </div>
        ) : (
          <Spin size="small" />
        )
      ) : null}
    </div>
  );
}
