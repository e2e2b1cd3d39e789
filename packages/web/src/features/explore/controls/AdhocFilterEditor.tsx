import { useState } from 'react';
import { AutoComplete, Button, Input, Radio, Select, Space, Tabs, Typography } from 'antd';
import { FILTER_OPERATORS, type AdhocFilter, type FilterOperatorName } from '@tessera/core';
import { useGetColumnValuesQuery } from '../../../api/exploreApi';
import type { ExploreDatasource } from '../../../viz/types';
import { FILTER_OPERATOR_LABELS } from '../utils/labels';
import { isTemporalColumn } from '../utils/temporalFilter';
import { NO_FILTER } from '../utils/timeRange';
import { TimeRangePicker } from './TimeRangeControl';

const UNARY = new Set<FilterOperatorName>(['IS_NULL', 'IS_NOT_NULL', 'IS_TRUE', 'IS_FALSE', 'LATEST_PARTITION']);
const MULTI = new Set<FilterOperatorName>(['IN', 'NOT_IN']);
const TEMPORAL_RANGE: FilterOperatorName = 'TEMPORAL_RANGE';
/** Operators the popover offers for any column; a temporal one also gets TEMPORAL_RANGE (its time range picker). */
const OFFERED = (Object.keys(FILTER_OPERATORS) as FilterOperatorName[]).filter((op) => op !== TEMPORAL_RANGE && op !== 'LATEST_PARTITION');
/** Tall enough to list every operator without scrolling. */
const OPERATOR_LIST_HEIGHT = 16 * 32 + 8;

const operatorIdOf = (filter: AdhocFilter | null): FilterOperatorName => {
  if (!filter || filter.expressionType !== 'SIMPLE') return 'EQUALS';
  if (filter.operatorId && filter.operatorId in FILTER_OPERATORS) return filter.operatorId as FilterOperatorName;
  const found = (Object.entries(FILTER_OPERATORS) as [FilterOperatorName, string][]).find(([, op]) => op === filter.operator);
  return found?.[0] ?? 'EQUALS';
};

interface AdhocFilterEditorProps {
  filter: AdhocFilter | null;
  datasource: ExploreDatasource | null;
  onSave: (filter: AdhocFilter) => void;
  onCancel: () => void;
}

function ValueInput({ datasource, column, multi, value, onChange }: { datasource: ExploreDatasource | null; column: string | undefined; multi: boolean; value: unknown; onChange: (v: unknown) => void }) {
  const { data = [] } = useGetColumnValuesQuery(
    { datasourceType: datasource?.type ?? 'table', datasourceId: datasource?.id ?? 0, column: column ?? '' },
    { skip: !datasource || !column },
  );
  const options = data.slice(0, 1000).map((v) => ({ value: String(v), label: String(v) }));
  if (multi) {
    return (
      <Select
        aria-label="Filter values"
        mode="tags"
        style={{ width: '100%' }}
        placeholder="Select values"
        tokenSeparators={[',', '\n', '\t', ';']}
        value={Array.isArray(value) ? value.map(String) : []}
        onChange={(next: string[]) => onChange(next)}
        options={options}
      />
    );
  }
  return (
    <AutoComplete
      aria-label="Filter value"
      style={{ width: '100%' }}
      placeholder="Value"
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(next: string) => onChange(next)}
      options={options}
      showSearch={{ filterOption: (input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase()) }}
    />
  );
}

/** The filter popover: a simple column / operator / value filter, or a custom SQL WHERE or HAVING clause. */
export function AdhocFilterEditor({ filter, datasource, onSave, onCancel }: AdhocFilterEditorProps) {
  const [mode, setMode] = useState<'SIMPLE' | 'SQL'>(filter?.expressionType ?? 'SIMPLE');
  const simple = filter?.expressionType === 'SIMPLE' ? filter : null;
  const [subject, setSubject] = useState<string | undefined>(typeof simple?.subject === 'string' ? simple.subject : undefined);
  const [operatorId, setOperatorId] = useState<FilterOperatorName>(operatorIdOf(filter));
  const [comparator, setComparator] = useState<unknown>(simple?.comparator);
  const [clause, setClause] = useState<'WHERE' | 'HAVING'>(filter?.clause ?? 'WHERE');
  const [sql, setSql] = useState(filter?.expressionType === 'SQL' ? filter.sqlExpression : '');

  const temporal = isTemporalColumn(datasource, subject);
  const isRange = operatorId === TEMPORAL_RANGE;
  const operators = temporal || isRange ? [TEMPORAL_RANGE, ...OFFERED] : OFFERED;

  const build = (): AdhocFilter | null => {
    if (mode === 'SQL') return sql.trim() ? { expressionType: 'SQL', clause, sqlExpression: sql.trim() } : null;
    if (!subject) return null;
    if (isRange) {
      const range = typeof comparator === 'string' && comparator.trim() ? comparator : NO_FILTER;
      return { expressionType: 'SIMPLE', clause: 'WHERE', subject, operator: FILTER_OPERATORS.TEMPORAL_RANGE, operatorId, comparator: range };
    }
    const unary = UNARY.has(operatorId);
    if (!unary && (comparator === undefined || comparator === '' || (Array.isArray(comparator) && comparator.length === 0))) return null;
    const value = unary ? undefined : MULTI.has(operatorId) ? (Array.isArray(comparator) ? comparator : [comparator]) : Array.isArray(comparator) ? comparator[0] : comparator;
    return { expressionType: 'SIMPLE', clause: 'WHERE', subject, operator: FILTER_OPERATORS[operatorId], operatorId, ...(unary ? {} : { comparator: value }) };
  };
  const built = build();

  return (
    <div style={{ width: 340 }} data-test="adhoc-filter-editor">
      <Tabs
        size="small"
        activeKey={mode}
        onChange={(key) => setMode(key as 'SIMPLE' | 'SQL')}
        items={[
          {
            key: 'SIMPLE',
            label: 'Simple',
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Select
                  aria-label="Filter column"
                  style={{ width: '100%' }}
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="Select column"
                  value={subject}
                  onChange={(next: string) => {
                    setSubject(next);
                    // A temporal column is filtered by a time range first, as Superset's popover does.
                    if (isTemporalColumn(datasource, next)) {
                      setOperatorId(TEMPORAL_RANGE);
                      setComparator(NO_FILTER);
                    } else {
                      if (isRange) setOperatorId('EQUALS');
                      setComparator(undefined);
                    }
                  }}
                  options={(datasource?.columns ?? []).filter((c) => c.filterable !== false).map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }))}
                />
                <Select
                  aria-label="Filter operator"
                  style={{ width: '100%' }}
                  showSearch={{ optionFilterProp: 'label' }}
                  listHeight={OPERATOR_LIST_HEIGHT}
                  value={operatorId}
                  onChange={(next: FilterOperatorName) => {
                    setOperatorId(next);
                    if (next === TEMPORAL_RANGE) setComparator(NO_FILTER);
                    else if (isRange || MULTI.has(next) !== MULTI.has(operatorId)) setComparator(undefined);
                  }}
                  options={operators.map((op) => ({ value: op, label: FILTER_OPERATOR_LABELS[op] ?? op }))}
                />
                {isRange ? (
                  <Space>
                    <Typography.Text type="secondary">Range</Typography.Text>
                    <TimeRangePicker label="Filter time range" value={comparator} onChange={setComparator} column={subject} />
                  </Space>
                ) : UNARY.has(operatorId) ? null : (
                  <ValueInput datasource={datasource} column={subject} multi={MULTI.has(operatorId)} value={comparator} onChange={setComparator} />
                )}
              </Space>
            ),
          },
          {
            key: 'SQL',
            label: 'Custom SQL',
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Radio.Group
                  optionType="button"
                  size="small"
                  value={clause}
                  onChange={(e) => setClause(e.target.value as 'WHERE' | 'HAVING')}
                  options={[
                    { value: 'WHERE', label: 'WHERE' },
                    { value: 'HAVING', label: 'HAVING' },
                  ]}
                />
                <Input.TextArea aria-label="Filter SQL" autoSize={{ minRows: 3 }} placeholder="e.g. num > 10" value={sql} onChange={(e) => setSql(e.target.value)} />
              </Space>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 8, justifyContent: 'flex-end', width: '100%' }}>
        <Button size="small" onClick={onCancel}>
          Close
        </Button>
        <Button size="small" type="primary" disabled={!built} onClick={() => built && onSave(built)} data-test="adhoc-filter-save">
          Save
        </Button>
      </Space>
    </div>
  );
}
