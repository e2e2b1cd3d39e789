import type { CompileOptions, DatasourceColumn, DatasourceDescriptor } from '../types.js';

const column = (column_name: string, generic_type: DatasourceColumn['generic_type'], extra: Partial<DatasourceColumn> = {}): DatasourceColumn => ({
  column_name,
  type: null,
  generic_type,
  is_dttm: generic_type === 'Temporal',
  groupby: true,
  filterable: true,
  expression: null,
  ...extra,
});

/** A small dataset for compiler tests: text, number, time and boolean columns, a calculated column, two saved metrics. */
export const PEOPLE: DatasourceDescriptor = {
  key: '1__table',
  schema: 'main',
  table_name: 'people',
  sql: null,
  main_dttm_col: 'ds',
  columns: [
    column('name', 'String'),
    column('num', 'Numeric'),
    column('ds', 'Temporal'),
    column('flag', 'Boolean'),
    column('num_x2', 'Numeric', { expression: 'num * 2' }),
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)' },
    { metric_name: 'sum_num', expression: 'SUM(num)' },
  ],
};

export const OPTIONS: CompileOptions = { now: new Date('2024-03-15T10:30:00Z'), maxRowLimit: 1000, defaultRowLimit: 100 };
