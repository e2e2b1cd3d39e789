import { describe, expect, it } from 'vitest';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';
import { getChartPlugin } from '../../../viz/registry';
import type { ControlConfig, ExploreDatasource } from '../../../viz/types';
import { flattenControls, initialFormData } from './controls';
import { EMPTY_STANDARDIZED_STATE } from './standardizedControls';
import { transferVizType } from './transferVizType';
import { applyDatasourceChange } from './datasourceChange';
import { hydratePayload } from './hydrateFromBootstrap';
import { defaultTemporalColumn, withDefaultXAxis } from './temporalColumn';

const column = (column_name: string, is_dttm: boolean) => ({ column_name, type: is_dttm ? 'DATE' : 'VARCHAR', type_generic: is_dttm ? 2 : 1, is_dttm });
const dataset = (columns: ReturnType<typeof column>[], main_dttm_col: string | null = null): ExploreDatasource => ({ ...FLIGHTS_DATASOURCE, id: 9, uid: '9__table', columns, main_dttm_col });
const lineControls = () => flattenControls(getChartPlugin('echarts_timeseries_line')?.controlPanel);

describe('defaultTemporalColumn', () => {
  it('is the main datetime column, else the first temporal column, else none', () => {
    expect(defaultTemporalColumn(dataset([column('a', true), column('b', true)], 'b'))).toBe('b');
    expect(defaultTemporalColumn(dataset([column('name', false), column('a', true), column('b', true)]))).toBe('a');
    expect(defaultTemporalColumn(dataset([column('a', true)], 'gone'))).toBe('a');
    expect(defaultTemporalColumn(dataset([column('name', false)]))).toBeNull();
    expect(defaultTemporalColumn(null)).toBeNull();
  });
});

describe('withDefaultXAxis', () => {
  const xAxis: ControlConfig = { name: 'x_axis', type: 'XAxisControl', label: 'X-axis' };
  const entity: ControlConfig = { name: 'entity', type: 'ColumnControl', label: 'Entity' };

  it('fills only empty x-axis controls', () => {
    expect(withDefaultXAxis({ datasource: '1__table', viz_type: 'line', x_axis: null, entity: null }, [xAxis, entity], FLIGHTS_DATASOURCE)).toMatchObject({ x_axis: 'ds', entity: null });
    expect(withDefaultXAxis({ datasource: '1__table', viz_type: 'line', x_axis: 'airline' }, [xAxis], FLIGHTS_DATASOURCE).x_axis).toBe('airline');
    expect(withDefaultXAxis({ datasource: '1__table', viz_type: 'line', x_axis: null }, [xAxis], dataset([column('name', false)])).x_axis).toBeNull();
  });

  it('prefers the legacy time column when the dataset has it', () => {
    const twoDates = dataset([column('a', true), column('b', true)], 'a');
    expect(withDefaultXAxis({ datasource: '9__table', viz_type: 'line', granularity_sqla: 'b' }, [xAxis], twoDates).x_axis).toBe('b');
    expect(withDefaultXAxis({ datasource: '9__table', viz_type: 'line', granularity_sqla: 'gone' }, [xAxis], twoDates).x_axis).toBe('a');
  });
});

describe('the x-axis when a chart opens or its dataset changes', () => {
  it('a new time-series chart from a dataset can run once it has a metric', () => {
    const payload = hydratePayload(
      { form_data: { datasource: '1__table', viz_type: 'echarts_timeseries_line', metrics: ['count'] }, dataset: { ...FLIGHTS_DATASOURCE }, slice: null, message: null },
      { force: false, permissions: { can_add: true, can_download: true, can_overwrite: true }, getPlugin: getChartPlugin },
    );
    expect(payload.run).toBe(true);
  });

  it('a new dataset gives a reset x-axis its time column', () => {
    const other = dataset([column('airline', false), column('event_time', true)]);
    const next = applyDatasourceChange({ datasource: '1__table', viz_type: 'echarts_timeseries_line', x_axis: 'ds', metrics: ['count'] }, lineControls(), other);
    expect(next.x_axis).toBe('event_time');
    const kept = applyDatasourceChange({ datasource: '9__table', viz_type: 'echarts_timeseries_line', x_axis: 'airline' }, lineControls(), { ...other, uid: '10__table' });
    expect(kept.x_axis).toBe('airline');
  });
});

describe('temporal_columns_lookup (the table and pivot table bucket temporal dimensions by the time grain)', () => {
  const tableControls = () => flattenControls(getChartPlugin('table')?.controlPanel);
  it('a new table names the temporal columns, so a time grain reaches its query', () => {
    const formData = initialFormData({ datasource: '1__table', viz_type: 'table', groupby: ['ds'], time_grain_sqla: 'P1Y' }, tableControls(), FLIGHTS_DATASOURCE);
    expect(formData.temporal_columns_lookup).toEqual({ ds: true });
    const query = getChartPlugin('table')!.buildQuery(formData).queries[0]!;
    expect(query.columns![0]).toMatchObject({ sqlExpression: 'ds', timeGrain: 'P1Y', columnType: 'BASE_AXIS' });
  });
  it('follows a change of dataset and of chart type; charts with an x-axis do not carry it', () => {
    const other = dataset([column('when', true), column('name', false)]);
    expect(applyDatasourceChange({ datasource: '1__table', viz_type: 'table', temporal_columns_lookup: { ds: true } }, tableControls(), other).temporal_columns_lookup).toEqual({ when: true });
    const line = initialFormData({ datasource: '1__table', viz_type: 'echarts_timeseries_line' }, lineControls(), FLIGHTS_DATASOURCE);
    expect(line.temporal_columns_lookup).toBeUndefined();
    const toTable = transferVizType(line, { vizType: 'table', controls: tableControls(), datasource: FLIGHTS_DATASOURCE, standardized: EMPTY_STANDARDIZED_STATE });
    expect(toTable.formData.temporal_columns_lookup).toEqual({ ds: true });
  });
});
