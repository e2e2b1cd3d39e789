import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { getChartPlugin } from '../../../viz/registry';
import type { ExploreDatasource } from '../../../viz/types';
import { changeVizType, exploreReducer, hydrate, setControlValue, type ExploreState } from '../state/exploreSlice';
import { flattenControls } from './controls';
import { transferVizType } from './transferVizType';

const BIRTH_NAMES: ExploreDatasource = {
  id: 3,
  type: 'table',
  uid: '3__table',
  name: 'birth_names',
  columns: [
    { column_name: 'ds', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
    { column_name: 'gender', type: 'VARCHAR', type_generic: 1, is_dttm: false },
    { column_name: 'name', type: 'VARCHAR', type_generic: 1, is_dttm: false },
    { column_name: 'state', type: 'VARCHAR', type_generic: 1, is_dttm: false },
    { column_name: 'num', type: 'BIGINT', type_generic: 0, is_dttm: false },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
  main_dttm_col: 'ds',
};
const sumNum = { expressionType: 'SIMPLE' as const, column: { column_name: 'num' }, aggregate: 'SUM' as const, label: 'SUM(num)' };

function panel(vizType: string) {
  const plugin = getChartPlugin(vizType);
  if (!plugin) throw new Error(`no plugin ${vizType}`);
  return { vizType, controls: flattenControls(plugin.controlPanel), transferable: plugin.controlPanel.transferable ?? [] };
}

function opened(vizType: string, formData: Partial<FormData>): ExploreState {
  const { controls, transferable } = panel(vizType);
  return exploreReducer(
    undefined,
    hydrate({
      formData: { datasource: BIRTH_NAMES.uid, viz_type: vizType, ...formData },
      datasource: BIRTH_NAMES,
      slice: null,
      controls,
      transferable,
      permissions: { can_add: true, can_download: true, can_overwrite: true },
    }),
  );
}

const switchTo = (state: ExploreState, vizType: string) => exploreReducer(state, changeVizType(panel(vizType)));
const set = (state: ExploreState, name: string, value: unknown) => exploreReducer(state, setControlValue({ name, value }));

describe('viz type change: dimensions and metrics are standardised', () => {
  const table = () => opened('table', { groupby: ['gender'], metrics: [sumNum] });

  it('Table → Pivot Table moves the dimensions into the pivot (its Columns, as Superset does) with the metrics', () => {
    const pivot = switchTo(table(), 'pivot_table_v2');
    expect(pivot.formData.groupbyColumns).toEqual(['gender']);
    expect(pivot.formData.groupbyRows).toEqual([]);
    expect(pivot.formData.metrics).toEqual([sumNum]);
  });

  it('Pivot Table → Table takes rows and columns, and the way back keeps them apart', () => {
    let state = opened('pivot_table_v2', { groupbyRows: ['state'], groupbyColumns: ['gender'], metrics: [sumNum] });
    state = switchTo(state, 'table');
    expect(state.formData.groupby).toEqual(['state', 'gender']);
    expect(state.formData.metrics).toEqual([sumNum]);
    state = set(state, 'groupby', ['state', 'gender', 'name']);
    state = switchTo(state, 'pivot_table_v2');
    expect(state.formData.groupbyRows).toEqual(['state']);
    expect(state.formData.groupbyColumns).toEqual(['gender', 'name']);
  });

  it.each([
    ['sankey_v2', { source: 'gender', target: 'state', metric: sumNum }],
    ['graph_chart', { source: 'gender', target: 'state', metric: sumNum, source_category: null, target_category: null }],
    ['bubble_v2', { entity: 'gender', series: 'state', x: sumNum, y: 'count', size: null }],
    ['world_map', { entity: 'gender', metric: sumNum }],
    ['word_cloud', { series: 'gender', metric: sumNum }],
    ['sunburst_v2', { columns: ['gender', 'state'], metric: sumNum, secondary_metric: 'count' }],
    ['treemap_v2', { groupby: ['gender', 'state'], metric: sumNum }],
    ['box_plot', { groupby: ['gender', 'state'], columns: [], metrics: [sumNum, 'count'] }],
    ['heatmap_v2', { groupby: ['gender'], metric: sumNum }],
    ['echarts_timeseries_line', { groupby: ['gender', 'state'], metrics: [sumNum, 'count'] }],
  ])('Table → %s hands the dimensions to its column controls', (vizType, expected) => {
    const state = switchTo(opened('table', { groupby: ['gender', 'state'], metrics: [sumNum, 'count'] }), vizType);
    expect(state.formData).toMatchObject(expected);
  });

  it.each([
    ['sankey_v2', { source: 'gender', target: 'state', metric: sumNum }, ['gender', 'state']],
    ['graph_chart', { source: 'gender', target: 'state', metric: sumNum }, ['gender', 'state']],
    ['bubble_v2', { entity: 'gender', series: 'state', x: sumNum, y: 'count' }, ['gender', 'state']],
    ['world_map', { entity: 'state', metric: sumNum }, ['state']],
    ['box_plot', { columns: ['ds'], groupby: ['gender'], metrics: [sumNum] }, ['gender', 'ds']],
  ])('%s → Table keeps its dimensions', (vizType, formData, groupby) => {
    const state = switchTo(opened(vizType, formData), 'table');
    expect(state.formData.groupby).toEqual(groupby);
    expect(state.formData.metrics?.[0]).toEqual(sumNum);
  });

  it('passes dimensions on through a chart that has none (Table → Big Number → Pie)', () => {
    let state = switchTo(table(), 'big_number_total');
    expect(state.formData.metric).toEqual(sumNum);
    state = set(state, 'metric', 'count');
    state = switchTo(state, 'pie');
    expect(state.formData.groupby).toEqual(['gender']);
    expect(state.formData.metric).toBe('count');
  });

  it('keeps remembered values when the old chart has no dimensions', () => {
    let state = switchTo(table(), 'pie');
    state = set(state, 'groupby', ['state']);
    state = switchTo(state, 'table');
    state = set(state, 'groupby', []);
    state = switchTo(state, 'pie');
    expect(state.formData.groupby).toEqual(['state']);
  });
});

describe('viz type change: the x-axis', () => {
  it.each(['echarts_timeseries_line', 'echarts_timeseries_bar', 'echarts_area', 'echarts_timeseries_smooth', 'echarts_timeseries_step', 'echarts_timeseries_scatter', 'mixed_timeseries', 'waterfall', 'big_number'])(
    'Table → %s pre-fills an empty x-axis with the dataset time column',
    (vizType) => {
      const state = switchTo(opened('table', { groupby: ['gender'], metrics: [sumNum] }), vizType);
      expect(state.formData.x_axis).toBe('ds');
    },
  );

  it('keeps the x-axis the user chose', () => {
    let state = opened('echarts_timeseries_line', { metrics: [sumNum] });
    state = set(state, 'x_axis', 'state');
    state = switchTo(state, 'echarts_timeseries_bar');
    expect(state.formData.x_axis).toBe('state');
  });

  it('works without the explore state (datasource given)', () => {
    const { controls } = panel('echarts_timeseries_line');
    const { formData } = transferVizType({ datasource: BIRTH_NAMES.uid, viz_type: 'pie', groupby: ['gender'], metric: 'count' }, { vizType: 'echarts_timeseries_line', controls, datasource: BIRTH_NAMES });
    expect(formData).toMatchObject({ x_axis: 'ds', groupby: ['gender'], metrics: ['count'] });
  });
});

describe('opening a chart: the x-axis', () => {
  it('pre-fills an empty x-axis for a new time-series chart', () => {
    const state = opened('echarts_timeseries_line', {});
    expect(state.formData.x_axis).toBe('ds');
  });

  it('never replaces the x-axis of a saved chart, and takes a legacy chart time column', () => {
    expect(opened('echarts_timeseries_line', { x_axis: 'state' }).formData.x_axis).toBe('state');
    const other: ExploreDatasource = { ...BIRTH_NAMES, columns: [...BIRTH_NAMES.columns, { column_name: 'ds2', type: 'DATE', type_generic: 2, is_dttm: true }] };
    const { controls } = panel('echarts_timeseries_line');
    const state = exploreReducer(
      undefined,
      hydrate({ formData: { datasource: other.uid, viz_type: 'echarts_timeseries_line', granularity_sqla: 'ds2' }, datasource: other, slice: null, controls, permissions: { can_add: true, can_download: true, can_overwrite: true } }),
    );
    expect(state.formData.x_axis).toBe('ds2');
  });
});
