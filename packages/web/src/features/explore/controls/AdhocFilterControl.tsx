import { useState } from 'react';
import { Button, Popover, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { AdhocFilter } from '@tessera/core';
import { columnLabel, filterLabel } from '../utils/labels';
import { filterRange, isTemporalRangeFilter } from '../utils/temporalFilter';
import { describeTimeRange } from '../utils/timeRange';
import { AdhocFilterEditor } from './AdhocFilterEditor';
import type { ControlProps } from './types';

/** A time range filter's chip tells the dates its range means. */
const chipTitle = (filter: AdhocFilter) => (isTemporalRangeFilter(filter) ? describeTimeRange(filterRange(filter), new Date(), columnLabel(filter.subject)) : undefined);

/** The filters list: chips that open the filter popover, and an add button. */
export function AdhocFilterControl({ control, value, onChange, datasource }: ControlProps) {
  const filters: AdhocFilter[] = Array.isArray(value) ? (value as AdhocFilter[]) : [];
  const [editing, setEditing] = useState<number | null>(null);
  const save = (index: number, filter: AdhocFilter) => {
    const next = [...filters];
    next[index] = filter;
    onChange(next);
    setEditing(null);
  };
  const editor = (index: number) => (
    <AdhocFilterEditor filter={filters[index] ?? null} datasource={datasource} onSave={(f) => save(index, f)} onCancel={() => setEditing(null)} />
  );
  return (
    <Space wrap size={[4, 4]} data-test={`filters-control-${control.name}`}>
      {filters.map((filter, index) => (
        <Popover key={`${filterLabel(filter)}-${index}`} trigger="click" open={editing === index} onOpenChange={(open) => setEditing(open ? index : null)} content={editor(index)} destroyOnHidden>
          <Tag
            closable
            color={filter.clause === 'HAVING' ? 'purple' : 'geekblue'}
            style={{ cursor: 'pointer' }}
            data-test="filter-chip"
            title={chipTitle(filter)}
            onClose={(event) => {
              event.preventDefault();
              onChange(filters.filter((_, i) => i !== index));
            }}
          >
            {filterLabel(filter)}
          </Tag>
        </Popover>
      ))}
      <Popover trigger="click" open={editing === filters.length} onOpenChange={(open) => setEditing(open ? filters.length : null)} content={editor(filters.length)} destroyOnHidden>
        <Button size="small" icon={<PlusOutlined />} data-test={`add-filter-${control.name}`} aria-label={`Add ${control.label}`}>
          Add filter
        </Button>
      </Popover>
    </Space>
  );
}
