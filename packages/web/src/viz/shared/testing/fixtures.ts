import type { ChartDataResult, FormData } from '@tessera/core';
import type { ChartProps } from '../../types';

/** A chart data answer element as the server sends it; tests give the columns and rows. */
export function chartResult(data: Record<string, unknown>[], coltypes?: Record<string, number>, extra: Partial<ChartDataResult> = {}): ChartDataResult {
  const colnames = data.length ? Object.keys(data[0]!) : [];
  return {
    cache_key: 'c0ffee',
    cached_dttm: null,
    cache_timeout: 86400,
    applied_template_filters: [],
    annotation_data: {},
    error: null,
    is_cached: false,
    query: 'SELECT ...',
    status: 'success',
    stacktrace: null,
    rowcount: data.length,
    sql_rowcount: data.length,
    from_dttm: null,
    to_dttm: null,
    label_map: Object.fromEntries(colnames.map((c) => [c, [c]])),
    colnames,
    indexnames: data.map((_, i) => String(i)),
    coltypes: colnames.map((c) => coltypes?.[c] ?? (typeof data[0]![c] === 'number' ? 0 : 1)),
    data,
    result_format: 'json',
    applied_filters: [],
    rejected_filters: [],
    ...extra,
  };
}

export function chartProps(formData: Partial<FormData>, queriesData: ChartDataResult[], size = { width: 800, height: 400 }): ChartProps {
  return { formData: { datasource: '1__table', viz_type: 'table', ...formData } as FormData, queriesData, ...size };
}

export const sumNum = { expressionType: 'SIMPLE' as const, column: { column_name: 'num' }, aggregate: 'SUM' as const, label: 'SUM(num)' };

/** Birth names by year and gender: the examples dataset most charts are tried on. */
export const JAN_2000 = Date.UTC(2000, 0, 1);
export const JAN_2001 = Date.UTC(2001, 0, 1);
export const JAN_2002 = Date.UTC(2002, 0, 1);
