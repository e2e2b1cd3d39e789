import { useMemo, useState } from 'react';
import { InputNumber, Slider, Space, Typography } from 'antd';
import { filterDatasetId, rangeBoundsQuery, rangeFilterMask, FILTER_CONTROL_MESSAGES, SINGLE_VALUE_TYPE, type RangeValue } from '@tessera/core';
import type { FilterControlProps } from './FilterControl';
import { useFilterQuery } from './options';

/** Room for the end handles inside the bar (the bar clips what overflows it). */
const SLIDER_STYLE = { margin: '10px 10px 14px' } as const;

export type RangeDisplayMode = 'slider' | 'input' | 'slider-and-input';

const toRange = (value: unknown): RangeValue => {
  const [lo, hi] = Array.isArray(value) ? (value as unknown[]) : [];
  return [typeof lo === 'number' ? lo : null, typeof hi === 'number' ? hi : null];
};
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? null : Number(v));

/**
 * The numerical range filter (filter_range): bounds from a MIN/MAX query, drawn as a slider, two inputs or both
 * (`rangeDisplayMode`); the single-value modes show one handle / one input (minimum, exact or maximum).
 */
export function RangeFilterControl({ filter, dataMask, parentExtraFormData, onChange }: FilterControlProps) {
  const cv = filter.controlValues ?? {};
  const mode = (['slider', 'input', 'slider-and-input'].includes(cv.rangeDisplayMode as string) ? cv.rangeDisplayMode : 'slider-and-input') as RangeDisplayMode;
  const single = cv.enableSingleValue as number | undefined;
  const isSingle = single === SINGLE_VALUE_TYPE.Minimum || single === SINGLE_VALUE_TYPE.Exact || single === SINGLE_VALUE_TYPE.Maximum;
  const parentKey = JSON.stringify(parentExtraFormData ?? {});
  const queryContext = useMemo(
    () => (filterDatasetId(filter) === undefined ? null : rangeBoundsQuery(filter, JSON.parse(parentKey) as typeof parentExtraFormData)),
    [filter, parentKey],
  );
  const { rows, loading, error } = useFilterQuery(queryContext);
  const min = num(rows?.[0]?.min);
  const max = num(rows?.[0]?.max);

  const applied = toRange(dataMask?.filterState?.value);
  const [draft, setDraft] = useState<RangeValue>(applied);
  // A new value from outside (Clear all, a restored state) replaces what is being edited.
  const appliedKey = JSON.stringify(applied);
  const [seenKey, setSeenKey] = useState(appliedKey);
  // An invalid half-typed range comes back as an error mask with no value: keep what is typed then.
  if (seenKey !== appliedKey && dataMask?.filterState?.validateStatus !== 'error') {
    setSeenKey(appliedKey);
    setDraft(applied);
  }

  const emit = (next: RangeValue) => {
    setDraft(next);
    onChange(rangeFilterMask(filter, next));
  };
  const validateMessage = dataMask?.filterState?.validateStatus === 'error' ? String(dataMask.filterState.validateMessage ?? '') : '';
  const label = filter.name ?? 'Range';

  if (error) return <Typography.Text type="danger" data-test="filter-control-error">{error}</Typography.Text>;
  if (rows && (min === null || max === null) && rows.length > 0 && (rows[0]?.min !== null || rows[0]?.max !== null)) {
    return <Typography.Text type="warning">{FILTER_CONTROL_MESSAGES.nonNumeric}</Typography.Text>;
  }
  const lo = min ?? 0;
  const hi = max ?? lo;
  const showLow = !isSingle || single !== SINGLE_VALUE_TYPE.Maximum;
  const showHigh = !isSingle || single === SINGLE_VALUE_TYPE.Maximum;
  const step = Number.isInteger(lo) && Number.isInteger(hi) ? 1 : (hi - lo) / 100 || 1;
  const slider =
    mode === 'input' ? null : isSingle ? (
      <Slider
        data-test="range-filter-slider"
        style={SLIDER_STYLE}
        aria-label={label}
        min={lo}
        max={hi}
        step={step}
        disabled={loading || min === null}
        value={(single === SINGLE_VALUE_TYPE.Maximum ? draft[1] : draft[0]) ?? (single === SINGLE_VALUE_TYPE.Maximum ? hi : lo)}
        onChange={(v: number) => setDraft(single === SINGLE_VALUE_TYPE.Maximum ? [null, v] : [v, null])}
        onChangeComplete={(v: number) => emit(single === SINGLE_VALUE_TYPE.Maximum ? [null, v] : [v, null])}
      />
    ) : (
      <Slider
        range
        data-test="range-filter-slider"
        style={SLIDER_STYLE}
        aria-label={label}
        min={lo}
        max={hi}
        step={step}
        disabled={loading || min === null}
        value={[draft[0] ?? lo, draft[1] ?? hi]}
        onChange={(v: number[]) => setDraft([v[0] ?? null, v[1] ?? null])}
        onChangeComplete={(v: number[]) => emit([v[0] ?? null, v[1] ?? null])}
      />
    );
  const inputs =
    mode === 'slider' ? null : (
      <Space.Compact style={{ width: '100%' }}>
        {showLow ? (
          <InputNumber
            aria-label={`${label} ${single === SINGLE_VALUE_TYPE.Exact ? 'value' : 'from'}`}
            data-test="range-filter-from-input"
            style={{ width: '100%' }}
            placeholder={min === null ? '' : String(min)}
            value={draft[0]}
            status={validateMessage ? 'error' : undefined}
            onChange={(v) => emit([num(v), draft[1]])}
          />
        ) : null}
        {showHigh ? (
          <InputNumber
            aria-label={`${label} to`}
            data-test="range-filter-to-input"
            style={{ width: '100%' }}
            placeholder={max === null ? '' : String(max)}
            value={draft[1]}
            status={validateMessage ? 'error' : undefined}
            onChange={(v) => emit([draft[0], num(v)])}
          />
        ) : null}
      </Space.Compact>
    );
  const note = single === SINGLE_VALUE_TYPE.Minimum ? FILTER_CONTROL_MESSAGES.singleMin : single === SINGLE_VALUE_TYPE.Maximum ? FILTER_CONTROL_MESSAGES.singleMax : single === SINGLE_VALUE_TYPE.Exact ? FILTER_CONTROL_MESSAGES.singleExact : '';
  return (
    <div data-test="range-filter" data-loading={loading ? 'true' : 'false'} data-min={min ?? ''} data-max={max ?? ''}>
      {slider}
      {inputs}
      {validateMessage ? (
        <Typography.Text type="danger" data-test="filter-control-required">{validateMessage}</Typography.Text>
      ) : note ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{note}</Typography.Text>
      ) : null}
    </div>
  );
}
