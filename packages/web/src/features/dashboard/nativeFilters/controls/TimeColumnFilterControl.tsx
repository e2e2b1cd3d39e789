import { Select, Typography } from 'antd';
import { filterDatasetId, timeColumnFilterMask } from '@tessera/core';
import type { FilterControlProps } from './FilterControl';
import { useFilterDataset } from './options';

/** The time column filter (filter_timecolumn): one of the dataset's temporal columns; emits `granularity_sqla`. */
export function TimeColumnFilterControl({ filter, dataMask, onChange, orientation }: FilterControlProps) {
  const { columns, loading, error } = useFilterDataset(filterDatasetId(filter));
  const temporal = (columns ?? []).filter((c) => c.is_dttm);
  const raw = dataMask?.filterState?.value;
  const value = Array.isArray(raw) ? (raw[0] as string | undefined) : typeof raw === 'string' ? raw : undefined;
  if (error) return <Typography.Text type="danger" data-test="filter-control-error">The dataset could not be loaded.</Typography.Text>;
  return (
    <Select
      aria-label={filter.name ?? 'Time column'}
      data-test="time-column-filter"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      value={value}
      placeholder={temporal.length === 0 && !loading ? 'No temporal columns found' : 'Select value'}
      options={temporal.map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }))}
      onChange={(next: string | undefined) => onChange(timeColumnFilterMask(filter, next))}
      style={{ width: '100%', minWidth: orientation === 'HORIZONTAL' ? 160 : undefined }}
    />
  );
}
