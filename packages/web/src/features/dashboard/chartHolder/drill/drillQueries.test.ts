import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import type { ExploreDatasource } from '../../../../viz/types';
import { canDrillBy, drillByColumns, drillByFormData, drillDetailPayload, filterText } from './drillQueries';

const datasource: ExploreDatasource = {
  id: 1,
  type: 'table',
  uid: '1__table',
  name: 'birth_names',
  columns: [
    { column_name: 'ds', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
    { column_name: 'gender', type: 'VARCHAR', type_generic: 1, is_dttm: false, groupby: true },
    { column_name: 'state', type: 'VARCHAR', type_generic: 1, is_dttm: false, groupby: true },
    { column_name: 'secret', type: 'VARCHAR', type_generic: 1, is_dttm: false, groupby: false },
  ],
  metrics: [],
  main_dttm_col: 'ds',
};

const pie: FormData = {
  datasource: '1__table',
  viz_type: 'pie',
  groupby: ['gender'],
  metric: 'count',
  time_range: 'No filter',
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'state', operator: 'IN', comparator: ['CA'], clause: 'WHERE' }],
};

describe('drillDetailPayload', () => {
  it('sends the chart’s filters and the clicked ones, a clicked empty value as IS NULL', () => {
    const payload = drillDetailPayload({ ...pie, extra_form_data: { filters: [{ col: 'num', op: '>', val: 5 }] } }, [
      { col: 'gender', op: '==', val: 'boy' },
      { col: 'name', op: '==', val: null },
    ]);
    expect(payload.filters).toEqual([
      { col: 'num', op: '>', val: 5 },
      { col: 'state', op: 'IN', val: ['CA'] },
      { col: 'gender', op: '==', val: 'boy' },
      { col: 'name', op: 'IS NULL' },
    ]);
    expect(payload.time_range).toBe('No filter');
  });

  it('keeps custom SQL where clauses', () => {
    const payload = drillDetailPayload({ ...pie, adhoc_filters: [{ expressionType: 'SQL', sqlExpression: 'num > 1', clause: 'WHERE' }] }, []);
    expect(payload.extras?.where).toContain('num > 1');
    expect(payload.extras?.having).toBeUndefined();
  });
});

describe('drill by', () => {
  it('replaces the dimensions with the chosen column and narrows by the clicked value', () => {
    expect(canDrillBy(pie)).toBe(true);
    expect(canDrillBy({ datasource: '1__table', viz_type: 'big_number_total', metric: 'count' })).toBe(false);
    const next = drillByFormData(pie, 'state', [{ col: 'gender', op: '==', val: 'girl' }], datasource);
    expect(next.groupby).toEqual(['state']);
    expect(next.extra_form_data).toEqual({ filters: [{ col: 'gender', op: '==', val: 'girl' }] });
  });

  it('keeps a time x-axis and adds the column as series; a categorical x-axis is replaced', () => {
    const line: FormData = { datasource: '1__table', viz_type: 'echarts_timeseries_line', x_axis: 'ds', groupby: [], metrics: ['count'] };
    expect(drillByFormData(line, 'state', [], datasource)).toMatchObject({ x_axis: 'ds', groupby: ['state'] });
    const bar: FormData = { datasource: '1__table', viz_type: 'echarts_timeseries_bar', x_axis: 'gender', groupby: [], metrics: ['count'] };
    expect(drillByFormData(bar, 'state', [], datasource)).toMatchObject({ x_axis: 'state', groupby: [] });
  });

  it('offers groupable columns the chart does not group by already', () => {
    expect(drillByColumns(datasource, pie).map((c) => c.column_name)).toEqual(['ds', 'state']);
  });
});

describe('filterText', () => {
  it('reads as a user writes filters', () => {
    expect(filterText({ col: 'gender', op: '==', val: 'boy' })).toBe('gender = boy');
    expect(filterText({ col: 'state', op: 'IN', val: ['CA', 'NY'] })).toBe('state IN CA, NY');
    expect(filterText({ col: 'name', op: 'IS NULL' })).toBe('name IS NULL');
    expect(filterText({ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last week' })).toBe('ds: Last week');
  });
});
