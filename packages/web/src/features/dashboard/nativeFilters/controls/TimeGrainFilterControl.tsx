import { Select } from 'antd';
import { timeGrainFilterMask, FILTER_TIME_GRAINS } from '@tessera/core';
import type { FilterControlProps } from './FilterControl';

/** The time grain filter (filter_timegrain): one of the spec's grains; emits `time_grain_sqla`. */
export function TimeGrainFilterControl({ filter, dataMask, onChange, orientation }: FilterControlProps) {
  const raw = dataMask?.filterState?.value;
  const value = Array.isArray(raw) ? (raw[0] as string | undefined) : typeof raw === 'string' ? raw : undefined;
  const nameOf = (id: string | undefined) => FILTER_TIME_GRAINS.find((g) => g.id === id)?.name;
  return (
    <Select
      aria-label={filter.name ?? 'Time grain'}
      data-test="time-grain-filter"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      placeholder="Select value"
      options={FILTER_TIME_GRAINS.map((g) => ({ value: g.id, label: g.name }))}
      onChange={(next: string | undefined) => onChange(timeGrainFilterMask(filter, next, nameOf(next)))}
      style={{ width: '100%', minWidth: orientation === 'HORIZONTAL' ? 160 : undefined }}
    />
  );
}
