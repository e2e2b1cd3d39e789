import { useState } from 'react';
import { Button, Input, Popover, Radio, Space, Tag, Typography } from 'antd';
import { timeRangeNotice } from '../utils/temporalFilter';
import { CURRENT_OPTIONS, LAST_OPTIONS, NO_FILTER, PREVIOUS_OPTIONS, describeTimeRange, rangeTypeOf, type RangeType } from '../utils/timeRange';
import type { ControlProps } from './types';

const RANGE_TYPES: RangeType[] = ['No filter', 'Last', 'Previous', 'Current', 'Advanced'];
const CHOICES: Partial<Record<RangeType, readonly string[]>> = { Last: LAST_OPTIONS, Previous: PREVIOUS_OPTIONS, Current: CURRENT_OPTIONS };

function TimeRangeEditor({ value, column, onApply, onCancel }: { value: string; column: string | undefined; onApply: (v: string) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState(value);
  const type = rangeTypeOf(draft);
  const [start, end] = type === 'Advanced' ? [draft.split(' : ')[0] ?? '', draft.split(' : ')[1] ?? ''] : ['', ''];
  const setType = (next: RangeType) => {
    if (next === 'No filter') setDraft(NO_FILTER);
    else if (next === 'Advanced') setDraft(' : ');
    else setDraft(CHOICES[next]?.[0] ?? NO_FILTER);
  };
  return (
    <Space orientation="vertical" style={{ width: 340 }} data-test="time-range-editor">
      <Radio.Group size="small" optionType="button" value={type} onChange={(e) => setType(e.target.value as RangeType)} options={RANGE_TYPES.map((t) => ({ value: t, label: t === 'Advanced' ? 'Custom / Advanced' : t }))} />
      {CHOICES[type] ? (
        <Radio.Group value={draft} onChange={(e) => setDraft(e.target.value as string)} options={CHOICES[type]!.map((c) => ({ value: c, label: c }))} style={{ display: 'flex', flexDirection: 'column' }} />
      ) : null}
      {type === 'Advanced' ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Input aria-label="START (INCLUSIVE)" addonBefore="Start" placeholder="e.g. 2024-01-01, today, 7 days ago" value={start.trim()} onChange={(e) => setDraft(`${e.target.value} : ${end.trim()}`)} />
          <Input aria-label="END (EXCLUSIVE)" addonBefore="End" placeholder="e.g. now" value={end.trim()} onChange={(e) => setDraft(`${start.trim()} : ${e.target.value}`)} />
        </Space>
      ) : null}
      <Typography.Text type="secondary" data-test="time-range-actual">
        Actual time range: {describeTimeRange(draft, new Date(), column)}
      </Typography.Text>
      <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="small" type="primary" onClick={() => onApply(draft.trim() === ':' ? NO_FILTER : draft)} data-test="time-range-apply">
          Apply
        </Button>
      </Space>
    </Space>
  );
}

interface TimeRangePickerProps {
  value: unknown;
  onChange: (value: string) => void;
  /** The trigger's accessible name. */
  label: string;
  /** The column the range filters, named in the "Actual time range" preview (default `col`). */
  column?: string | undefined;
}

/**
 * A chip showing the range, opening a popover with No filter / Last / Previous / Current / Custom / Advanced and
 * the dates it means. The Time range control, and the filter popover for a TEMPORAL_RANGE filter, use it.
 */
export function TimeRangePicker({ value, onChange, label, column }: TimeRangePickerProps) {
  const [open, setOpen] = useState(false);
  const text = typeof value === 'string' && value.trim() ? value : NO_FILTER;
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
      content={<TimeRangeEditor value={text} column={column} onCancel={() => setOpen(false)} onApply={(v) => (onChange(v), setOpen(false))} />}
    >
      <Tag style={{ cursor: 'pointer' }} data-test="time-range-trigger" aria-label={label} title={describeTimeRange(text, new Date(), column)}>
        {text}
      </Tag>
    </Popover>
  );
}

/**
 * The Time range control. It says when its range cannot apply (no time column) or another one does (a time range
 * filter on the same column), rather than leaving the chart silently unfiltered.
 */
export function TimeRangeControl({ control, value, onChange, formData, datasource }: ControlProps) {
  const notice = timeRangeNotice({ ...formData, [control.name]: value }, datasource);
  return (
    <>
      <TimeRangePicker value={value} onChange={onChange} label={control.label} />
      {notice ? (
        <Typography.Text type="warning" style={{ display: 'block', fontSize: 12, marginTop: 4 }} data-test="time-range-notice">
          {notice}
        </Typography.Text>
      ) : null}
    </>
  );
}
