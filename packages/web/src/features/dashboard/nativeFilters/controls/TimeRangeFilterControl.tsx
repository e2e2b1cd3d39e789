import { Typography } from 'antd';
import { timeRangeFilterMask, FILTER_CONTROL_MESSAGES } from '@tessera/core';
// The explorer's picker (grammar, presets, "Actual time range"), imported as the dashboard's other explore parts are.
import { TimeRangePicker } from '../../../explore/controls/TimeRangeControl';
import type { FilterControlProps } from './FilterControl';

/** The time range filter (filter_time): the explorer's time range picker; emits `time_range`. */
export function TimeRangeFilterControl({ filter, dataMask, onChange }: FilterControlProps) {
  const value = typeof dataMask?.filterState?.value === 'string' ? dataMask.filterState.value : 'No filter';
  const missing = dataMask?.filterState?.validateStatus === 'error';
  return (
    <>
      <div data-test="time-range-filter">
        <TimeRangePicker value={value} label={filter.name ?? 'Time range'} onChange={(next) => onChange(timeRangeFilterMask(filter, next))} />
      </div>
      {missing ? (
        <Typography.Text type="danger" data-test="filter-control-required">
          {FILTER_CONTROL_MESSAGES.valueRequired}
        </Typography.Text>
      ) : null}
    </>
  );
}
