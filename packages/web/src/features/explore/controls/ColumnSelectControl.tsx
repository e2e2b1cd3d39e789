import { useState } from 'react';
import { Button, Input, Popover, Select, Space } from 'antd';
import type { AdhocColumn, QueryColumn } from '@tessera/core';
import { columnOptions } from '../utils/columnOptions';
import { columnLabel } from '../utils/labels';
import type { ControlProps } from './types';

const SQL_PREFIX = 'sql::';

/** Stable option value for a column: its name, or `sql::<expression>` for an adhoc one. */
const keyOf = (column: QueryColumn) => (typeof column === 'string' ? column : `${SQL_PREFIX}${column.sqlExpression}`);

function AdhocColumnForm({ onAdd }: { onAdd: (column: AdhocColumn) => void }) {
  const [sql, setSql] = useState('');
  const [label, setLabel] = useState('');
  return (
    <Space orientation="vertical" style={{ width: 280 }}>
      <Input.TextArea aria-label="Custom SQL column" placeholder="e.g. UPPER(name)" autoSize={{ minRows: 2 }} value={sql} onChange={(e) => setSql(e.target.value)} />
      <Input aria-label="Column label" placeholder="Label (optional)" value={label} onChange={(e) => setLabel(e.target.value)} />
      <Button
        type="primary"
        size="small"
        disabled={!sql.trim()}
        onClick={() => {
          onAdd({ sqlExpression: sql.trim(), label: label.trim() || sql.trim(), expressionType: 'SQL' });
          setSql('');
          setLabel('');
        }}
      >
        Add
      </Button>
    </Space>
  );
}

/**
 * Group by / columns / x-axis / time column: the datasource's columns (columnOptions) plus adhoc SQL columns.
 * GroupByControl holds a list; ColumnControl and XAxisControl hold one column.
 */
export function ColumnSelectControl({ control, value, onChange, datasource }: ControlProps) {
  const [adding, setAdding] = useState(false);
  const multi = control.type === 'GroupByControl' || Boolean(control.multi);
  const current: QueryColumn[] = multi ? (Array.isArray(value) ? (value as QueryColumn[]) : []) : value ? [value as QueryColumn] : [];
  const columns = columnOptions(control, datasource, current);
  const adhoc = current.filter((c) => typeof c !== 'string');
  const options = [
    ...columns.map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name })),
    ...adhoc.map((c) => ({ value: keyOf(c), label: columnLabel(c) })),
  ];
  const byKey = new Map<string, QueryColumn>([...columns.map((c) => [c.column_name, c.column_name] as const), ...adhoc.map((c) => [keyOf(c), c] as const)]);
  const emit = (keys: string[]) => {
    const next = keys.map((key) => byKey.get(key) ?? key);
    onChange(multi ? next : (next[0] ?? null));
  };
  const addAdhoc = (column: AdhocColumn) => {
    setAdding(false);
    onChange(multi ? [...current, column] : column);
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        aria-label={control.label}
        style={{ width: '100%' }}
        mode={multi ? 'multiple' : undefined}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={control.placeholder ?? 'Drop columns here or click'}
        options={options}
        value={multi ? current.map(keyOf) : current[0] !== undefined ? keyOf(current[0]) : undefined}
        onChange={(next: string | string[] | undefined) => emit(next === undefined ? [] : Array.isArray(next) ? next : [next])}
      />
      <Popover trigger="click" open={adding} onOpenChange={setAdding} title="Custom SQL" content={<AdhocColumnForm onAdd={addAdhoc} />}>
        <Button aria-label={`Add custom SQL to ${control.label}`}>SQL</Button>
      </Popover>
    </Space.Compact>
  );
}
