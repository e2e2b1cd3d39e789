import type { HTMLAttributes } from 'react';
import { Button, Checkbox, Flex, Input, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '../../../ui/icons';
import { SyncOutlined } from '../../charts/utils/icons';
import { emptyCalculatedColumn, type ColumnDraft } from '../utils/datasetDraft';

interface DatasetColumnsTabProps {
  value: ColumnDraft[];
  onChange: (value: ColumnDraft[]) => void;
  /** Present for source columns: "Sync columns from source". */
  onSync?: () => void;
  syncing?: boolean;
  calculated: boolean;
}

type TextField = 'column_name' | 'verbose_name' | 'type' | 'python_date_format';
type FlagField = 'is_dttm' | 'groupby' | 'filterable';

/** Source columns (flags and labels) or calculated columns (SQL expressions) of the dataset. */
export function DatasetColumnsTab({ value, onChange, onSync, syncing = false, calculated }: DatasetColumnsTabProps) {
  const rows = value.filter((column) => (column.expression !== null) === calculated);
  const patch = (key: string, part: Partial<ColumnDraft>) => onChange(value.map((column) => (column.key === key ? { ...column, ...part } : column)));
  const label = (column: ColumnDraft) => column.column_name || 'new column';
  const text = (field: TextField, title: string, editable: boolean) =>
    function TextCell(_cell: unknown, column: ColumnDraft) {
      return editable ? (
        <Input aria-label={`${title} of ${label(column)}`} data-test={`column-${field}`} value={column[field]} onChange={(event) => patch(column.key, { [field]: event.target.value })} />
      ) : (
        <Typography.Text code={field === 'type'}>{column[field]}</Typography.Text>
      );
    };
  const flag = (field: FlagField, title: string) =>
    function FlagCell(_cell: unknown, column: ColumnDraft) {
      return <Checkbox aria-label={`${title} ${label(column)}`} checked={column[field]} onChange={(event) => patch(column.key, { [field]: event.target.checked })} />;
    };

  const columns: ColumnsType<ColumnDraft> = [
    { key: 'column_name', title: 'Column', width: 170, render: text('column_name', 'Column', calculated) },
    { key: 'verbose_name', title: 'Label', width: 150, render: text('verbose_name', 'Label', true) },
    ...(calculated
      ? [
          {
            key: 'expression',
            title: 'SQL expression',
            render: (_cell: unknown, column: ColumnDraft) => (
              <Input.TextArea
                aria-label={`SQL expression of ${label(column)}`}
                data-test="column-expression"
                rows={2}
                style={{ fontFamily: 'monospace', minWidth: 200 }}
                value={column.expression ?? ''}
                onChange={(event) => patch(column.key, { expression: event.target.value })}
              />
            ),
          },
        ]
      : []),
    { key: 'type', title: 'Data type', width: 120, render: text('type', 'Data type', calculated) },
    { key: 'is_dttm', title: 'Is temporal', width: 90, render: flag('is_dttm', 'Is temporal') },
    { key: 'python_date_format', title: 'Datetime format', width: 150, render: text('python_date_format', 'Datetime format', true) },
    { key: 'groupby', title: 'Is dimension', width: 90, render: flag('groupby', 'Is dimension') },
    { key: 'filterable', title: 'Is filterable', width: 90, render: flag('filterable', 'Is filterable') },
    ...(calculated
      ? [
          {
            key: 'delete',
            width: 48,
            render: (_cell: unknown, column: ColumnDraft) => (
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete column ${label(column)}`} onClick={() => onChange(value.filter((other) => other.key !== column.key))} />
            ),
          },
        ]
      : []),
  ];

  return (
    <div data-test={calculated ? 'dataset-calculated-columns-tab' : 'dataset-columns-tab'}>
      <Flex justify="end" style={{ marginBottom: 8 }}>
        {calculated ? (
          <Button icon={<PlusOutlined />} data-test="add-calculated-column" onClick={() => onChange([...value, emptyCalculatedColumn()])}>
            Add item
          </Button>
        ) : onSync ? (
          <Button icon={<SyncOutlined />} loading={syncing} data-test="sync-columns" onClick={onSync}>
            Sync columns from source
          </Button>
        ) : null}
      </Flex>
      <Table<ColumnDraft>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={() => ({ 'data-test': 'column-row' }) as HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}
