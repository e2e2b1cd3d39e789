import { useMemo, useState } from 'react';
import { Checkbox, Select, Space } from 'antd';
import { CHART_ANNOTATION_SOURCES, type ChartAnnotationType } from '@tessera/core';
import { useGetChartQuery, useListChartsQuery } from '../../../api/chartApi';
import { containsFilter } from '../../../api/listQuery';
import { getClientErrorObject } from '../../errors';
import { SearchedIdSelect } from './SearchedIdSelect';

/** The chart types a layer can read, by their chart names (the chart gallery's). */
const SOURCE_NAMES: Record<string, string> = {
  table: 'Table',
  echarts_timeseries: 'Generic Chart',
  echarts_timeseries_line: 'Line Chart',
  echarts_timeseries_smooth: 'Smooth Line',
  echarts_timeseries_step: 'Stepped Line',
  echarts_timeseries_bar: 'Bar Chart',
  echarts_timeseries_scatter: 'Scatter Plot',
  echarts_area: 'Area Chart',
};

/**
 * Superset stores a line chart source as `line` (its processor reads only `line` and `table`), every other chart
 * source by its viz type: the form data stays readable by both.
 */
const LINE_SOURCE = 'line';
const sourceTypeOf = (vizType: string) => (vizType === 'echarts_timeseries_line' ? LINE_SOURCE : vizType);
/** The viz type of the charts a source lists. */
export const sourceVizType = (sourceType: string) => (sourceType === LINE_SOURCE ? 'echarts_timeseries_line' : sourceType);

/** Sources a layer type can read: Superset's own annotations (events and intervals), then the chart types that feed it. */
export function sourceOptions(annotationType: ChartAnnotationType): { value: string; label: string }[] {
  const charts = Object.entries(CHART_ANNOTATION_SOURCES)
    .filter(([, types]) => types.includes(annotationType))
    .map(([vizType]) => ({ value: sourceTypeOf(vizType), label: SOURCE_NAMES[vizType] ?? vizType }));
  return annotationType === 'TIME_SERIES' ? charts : [{ value: 'NATIVE', label: 'Superset annotation' }, ...charts];
}

export const isChartSource = (sourceType: string | undefined): boolean => Boolean(sourceType) && sourceType !== 'NATIVE';

const PAGE_SIZE = 100;

/** Picks a saved chart of one viz type by name (typing narrows the list on the server). */
export function ChartPicker({ vizType, value, onChange }: { vizType: string; value: number | undefined; onChange: (id: number) => void }) {
  const [search, setSearch] = useState('');
  const { data, error, isFetching } = useListChartsQuery({
    filters: [{ col: 'viz_type', opr: 'eq', value: vizType }, ...containsFilter('slice_name', search)],
    columns: ['id', 'slice_name'],
    order_column: 'slice_name',
    order_direction: 'asc',
    page_size: PAGE_SIZE,
  });
  const listed = data?.result ?? [];
  const missing = value !== undefined && !listed.some((chart) => chart.id === value);
  // A picked chart past the listed page (or another type's) still shows its name.
  const picked = useGetChartQuery(value ?? 0, { skip: !missing || isFetching });
  const options = listed.map((chart) => ({ value: chart.id, label: chart.slice_name }));
  if (missing && picked.data) options.unshift({ value: value, label: picked.data.slice_name });
  return (
    <SearchedIdSelect
      label="Annotation chart"
      placeholder="Select a chart"
      loading={isFetching}
      search={search}
      onSearch={setSearch}
      value={value}
      onChange={onChange}
      options={options}
      notFoundContent={error ? getClientErrorObject(error).error : 'No charts'}
    />
  );
}

type Labelled = string | { label?: unknown; column_name?: unknown };
const labelOf = (item: Labelled): string | null =>
  typeof item === 'string' ? item : typeof item?.label === 'string' ? item.label : typeof item?.column_name === 'string' ? item.column_name : null;

/** The columns a chart's answer holds: its saved query's columns and metrics, else its form data's. */
export function chartColumns(queryContext: string | null | undefined, params: string | null | undefined): string[] {
  const parse = (text: string | null | undefined): Record<string, unknown> | null => {
    try {
      return text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  const list = (value: unknown): Labelled[] => (Array.isArray(value) ? (value as Labelled[]) : []);
  const query = (parse(queryContext)?.queries as Record<string, unknown>[] | undefined)?.[0];
  const form = parse(params) ?? {};
  const items = query ? [...list(query.columns), ...list(query.metrics)] : [...list(form.all_columns), ...list(form.groupby), ...list(form.metrics)];
  return [...new Set(items.map(labelOf).filter((name): name is string => Boolean(name)))];
}

export interface ColumnMapping {
  timeColumn?: string;
  intervalEndColumn?: string;
  titleColumn?: string;
  descriptionColumns?: string[];
}

/** Which of the source chart's columns hold each annotation's time, end, title and descriptions. */
export function ColumnMappingSelects({ chartId, interval, value, onChange }: { chartId: number; interval: boolean; value: ColumnMapping; onChange: (next: ColumnMapping) => void }) {
  const { data } = useGetChartQuery(chartId);
  const options = useMemo(() => chartColumns(data?.query_context, data?.params).map((c) => ({ value: c, label: c })), [data]);
  const pick = (label: string, key: 'timeColumn' | 'intervalEndColumn' | 'titleColumn') => (
    <Select aria-label={label} placeholder={label} allowClear style={{ width: '100%' }} options={options} value={value[key] || undefined} onChange={(v?: string) => onChange({ ...value, [key]: v ?? '' })} />
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={4}>
      {pick(interval ? 'Interval start column' : 'Event time column', 'timeColumn')}
      {interval ? pick('Interval end column', 'intervalEndColumn') : null}
      {pick('Title column', 'titleColumn')}
      <Select
        aria-label="Description columns"
        placeholder="Description columns"
        mode="multiple"
        style={{ width: '100%' }}
        options={options}
        value={value.descriptionColumns ?? []}
        onChange={(descriptionColumns: string[]) => onChange({ ...value, descriptionColumns })}
      />
    </Space>
  );
}

/** Superset's override checkboxes: a checked one stores `null`, meaning "use the annotated chart's value". */
export function OverrideChecks({ value, onChange }: { value: Record<string, unknown>; onChange: (next: Record<string, unknown>) => void }) {
  const check = (key: string, label: string) => (
    <Checkbox
      checked={Object.hasOwn(value, key)}
      onChange={(e) => {
        const { [key]: _dropped, ...rest } = value;
        onChange(e.target.checked ? { ...rest, [key]: null } : rest);
      }}
    >
      {label}
    </Checkbox>
  );
  return (
    <Space size={8} wrap>
      {check('time_range', 'Override time range')}
      {check('time_grain_sqla', 'Override time grain')}
    </Space>
  );
}
