import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import type { ControlConfig, ExploreDatasource } from '../types';
import { ENERGY_DATASOURCE, FLIGHTS_DATASOURCE } from '../../test/fixtures/exploreDatasource';
import { timeGrain } from './controls';
import { controlPanel as tablePanel } from '../plugins/table/controlPanel';
import { controlPanel as pivotPanel } from '../plugins/pivot_table_v2/controlPanel';

/** Sankey-like data without any time column: a time grain has nothing to bucket. */
const energy = ENERGY_DATASOURCE;

const isControlVisible = (control: ControlConfig, formData: FormData, datasource: ExploreDatasource) => control.visibility?.(formData, datasource) ?? true;
const grainOf = (sections: { controlSetRows: ControlConfig[][] }[]) => sections.flatMap((s) => s.controlSetRows.flat()).find((c) => c.name === 'time_grain_sqla')!;
const fd = (extra: Partial<FormData> = {}) => ({ datasource: '3__table', viz_type: 'echarts_timeseries_line', time_grain_sqla: 'P1D', ...extra }) as FormData;

describe('time grain without a temporal column', () => {
  it('is hidden for a dataset with no temporal column, whatever the x-axis', () => {
    expect(isControlVisible(timeGrain, fd(), energy)).toBe(false);
    expect(isControlVisible(timeGrain, fd({ x_axis: 'source' }), energy)).toBe(false);
  });
  it('stays for an ad hoc SQL x-axis, which may be temporal, and for datasets with a time column', () => {
    expect(isControlVisible(timeGrain, fd({ x_axis: { label: 'day', sqlExpression: 'DATE(source)', expressionType: 'SQL' } }), energy)).toBe(true);
    expect(isControlVisible(timeGrain, fd({ x_axis: 'ds' }), FLIGHTS_DATASOURCE)).toBe(true);
    expect(isControlVisible(timeGrain, fd({ x_axis: 'airline' }), FLIGHTS_DATASOURCE)).toBe(false);
  });
  it('the table and pivot table hide it too (the table still only in aggregate mode)', () => {
    const table = grainOf(tablePanel.sections);
    expect(isControlVisible(table, fd({ viz_type: 'table', groupby: ['source'] }), energy)).toBe(false);
    expect(isControlVisible(table, fd({ viz_type: 'table', groupby: ['ds'] }), FLIGHTS_DATASOURCE)).toBe(true);
    expect(isControlVisible(table, fd({ viz_type: 'table', query_mode: 'raw' }), FLIGHTS_DATASOURCE)).toBe(false);
    expect(isControlVisible(grainOf(pivotPanel.sections), fd({ viz_type: 'pivot_table_v2', groupbyRows: ['source'] }), energy)).toBe(false);
  });
});

describe('time grain without a temporal x-axis or dimension (Superset hides it)', () => {
  it('is hidden while the x-axis is empty', () => {
    expect(isControlVisible(timeGrain, fd({ x_axis: null }), FLIGHTS_DATASOURCE)).toBe(false);
    expect(isControlVisible(timeGrain, fd({ x_axis: '' }), FLIGHTS_DATASOURCE)).toBe(false);
    expect(isControlVisible(timeGrain, fd({ viz_type: 'echarts_timeseries_bar' }), FLIGHTS_DATASOURCE)).toBe(false);
  });
  it('the table shows it only once a temporal or ad hoc dimension is picked', () => {
    const table = grainOf(tablePanel.sections);
    expect(isControlVisible(table, fd({ viz_type: 'table', groupby: [] }), FLIGHTS_DATASOURCE)).toBe(false);
    expect(isControlVisible(table, fd({ viz_type: 'table', groupby: ['airline'] }), FLIGHTS_DATASOURCE)).toBe(false);
    expect(isControlVisible(table, fd({ viz_type: 'table', groupby: ['airline', 'ds'] }), FLIGHTS_DATASOURCE)).toBe(true);
    expect(isControlVisible(table, fd({ viz_type: 'table', groupby: [{ label: 'd', sqlExpression: 'ds', expressionType: 'SQL' }] }), FLIGHTS_DATASOURCE)).toBe(true);
  });
  it('the pivot table looks at both its rows and its columns', () => {
    const pivot = grainOf(pivotPanel.sections);
    expect(isControlVisible(pivot, fd({ viz_type: 'pivot_table_v2', groupbyRows: ['airline'], groupbyColumns: [] }), FLIGHTS_DATASOURCE)).toBe(false);
    expect(isControlVisible(pivot, fd({ viz_type: 'pivot_table_v2', groupbyRows: ['airline'], groupbyColumns: ['ds'] }), FLIGHTS_DATASOURCE)).toBe(true);
  });
});
