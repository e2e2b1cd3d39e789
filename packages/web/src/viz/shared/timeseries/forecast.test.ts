import { describe, expect, it } from 'vitest';
import { applyPostProcessing, type FormData, type PostProcessingRule } from '@tessera/core';
import { listChartPlugins } from '../../registry';
import { forecastGrainErrors } from '../../controlSets';
import { chartProps, chartResult, sumNum } from '../testing/fixtures';
import { buildTimeseriesQuery } from './buildTimeseriesQuery';
import { splitForecastColumns } from './forecastColumns';
import { axisTooltipFormatter } from './axisTooltip';
import { transformTimeseries } from './transformTimeseries';

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const formData: FormData = {
  datasource: '3__table',
  viz_type: 'echarts_timeseries_line',
  x_axis: 'ds',
  time_grain_sqla: 'P1D',
  metrics: [sumNum],
  groupby: [],
  row_limit: 10000,
  truncate_metric: true,
};
const forecasting: FormData = { ...formData, forecastEnabled: true, forecastPeriods: 7, forecastInterval: 0.9, forecastSeasonalityWeekly: 'no' };

interface Series {
  name: string;
  type: string;
  data: (number | string | null)[][];
  stack?: string;
  stackStrategy?: string;
  lineStyle?: { type?: string; opacity?: number };
  areaStyle?: { opacity: number };
  itemStyle: { color: string };
}

/** A prophet answer made the way the server makes it: the query's own post-processing over raw rows. */
function forecastAnswer(rows: Record<string, unknown>[], fd: FormData) {
  const rules = buildTimeseriesQuery(fd).queries[0]!.post_processing as PostProcessingRule[];
  const { data } = applyPostProcessing(rows, rules);
  return chartResult(data, { ds: 2 });
}

describe('forecast query', () => {
  it('appends prophet last, with the form data options and the x-axis as index', () => {
    const rules = buildTimeseriesQuery({ ...forecasting, forecastSeasonalityYearly: 'yes', forecastSeasonalityDaily: null }).queries[0]!.post_processing!;
    expect(rules.map((r) => r!.operation)).toEqual(['pivot', 'flatten', 'prophet']);
    expect(rules[2]!.options).toEqual({
      time_grain: 'P1D',
      periods: 7,
      confidence_interval: 0.9,
      yearly_seasonality: 'yes',
      weekly_seasonality: 'no',
      daily_seasonality: null,
      index: 'ds',
    });
    expect(buildTimeseriesQuery(formData).queries[0]!.post_processing!.map((r) => r!.operation)).not.toContain('prophet');
  });

  it('every timeseries chart offers the forecast controls with Superset defaults, shown once enabled', () => {
    const family = ['echarts_timeseries_line', 'echarts_timeseries_bar', 'echarts_area', 'echarts_timeseries_scatter', 'echarts_timeseries_smooth', 'echarts_timeseries_step'];
    const plugins = listChartPlugins().filter((p) => family.includes(p.metadata.vizType));
    expect(plugins).toHaveLength(family.length);
    for (const plugin of plugins) {
      const controls = Object.fromEntries(plugin.controlPanel.sections.flatMap((s) => s.controlSetRows.flat()).map((c) => [c.name, c]));
      expect(controls.forecastEnabled).toMatchObject({ type: 'CheckboxControl', default: false });
      expect(controls.forecastPeriods).toMatchObject({ default: 10 });
      expect(controls.forecastInterval).toMatchObject({ default: 0.8, min: 0.01, max: 0.99 });
      for (const name of ['forecastSeasonalityYearly', 'forecastSeasonalityWeekly', 'forecastSeasonalityDaily']) {
        expect(controls[name]!.default).toBeNull();
        expect(controls[name]!.choices!.map(([value]) => value)).toEqual([null, 'yes', 'no']);
      }
      expect(controls.forecastPeriods!.visibility!(formData)).toBe(false);
      expect(controls.forecastPeriods!.visibility!(forecasting)).toBe(true);
    }
  });

  it('asks for a time grain when forecasting', () => {
    expect(forecastGrainErrors(forecasting)).toEqual([]);
    expect(forecastGrainErrors({ ...formData, time_grain_sqla: null })).toEqual([]);
    expect(forecastGrainErrors({ ...forecasting, time_grain_sqla: null })).toEqual(['is required to forecast']);
  });
});

describe('forecast drawing', () => {
  const rows = Array.from({ length: 21 }, (_, i) => [
    { ds: START + i * DAY, gender: 'boy', 'SUM(num)': 10 + i + (i % 3) },
    { ds: START + i * DAY, gender: 'girl', 'SUM(num)': 40 - i + (i % 2) },
  ]).flat();
  const fd = { ...forecasting, groupby: ['gender'] };
  const answer = forecastAnswer(rows, fd);

  it('draws observations as usual and, per series, a dashed yhat line and a stacked band in its colour', () => {
    expect(answer.data).toHaveLength(28);
    const { echartOptions } = transformTimeseries(chartProps(fd, [answer]), 'bar');
    const series = echartOptions.series as Series[];
    expect(series.map((s) => s.name)).toEqual(['boy', 'girl', 'boy__yhat', 'boy__yhat_lower', 'boy__yhat_upper', 'girl__yhat', 'girl__yhat_lower', 'girl__yhat_upper']);
    expect((echartOptions.legend as { data: string[] }).data).toEqual(['boy', 'girl']);
    const byName = Object.fromEntries(series.map((s) => [s.name, s]));
    expect(byName.boy!.type).toBe('bar');
    expect(byName.boy!.data[21]).toEqual([START + 21 * DAY, null]);
    expect(byName.boy__yhat).toMatchObject({ type: 'line', lineStyle: { type: 'dashed' } });
    expect(byName.boy__yhat!.itemStyle.color).toBe(byName.boy!.itemStyle.color);
    expect(byName.girl__yhat_upper!.itemStyle.color).toBe(byName.girl!.itemStyle.color);
    expect(byName.boy__yhat_lower).toMatchObject({ stack: 'confidence-band-boy', stackStrategy: 'all', lineStyle: { opacity: 0 } });
    expect(byName.boy__yhat_upper).toMatchObject({ stack: 'confidence-band-boy', stackStrategy: 'all' });
    expect(byName.boy__yhat_upper!.areaStyle!.opacity).toBeLessThan(0.5);
    expect(byName.boy__yhat_lower!.areaStyle).toBeUndefined();
    // The upper series stacks the band's height on the lower bound and keeps the real bound for the tooltip.
    answer.data.forEach((row, i) => {
      const lower = row['boy__yhat_lower'] as number;
      const upper = row['boy__yhat_upper'] as number;
      expect(byName.boy__yhat_lower!.data[i]).toEqual([row.ds, lower]);
      expect(byName.boy__yhat_upper!.data[i]![1]).toBeCloseTo(upper - lower, 9);
      expect(byName.boy__yhat_upper!.data[i]![2]).toBe(upper);
      expect(lower).toBeLessThanOrEqual(row['boy__yhat'] as number);
    });
    // The forecast of a rising series keeps rising.
    expect(byName.boy__yhat!.data[27]![1]! as number).toBeGreaterThan(byName.boy__yhat!.data[20]![1]! as number);
  });

  it('shows each series once in the tooltip: observation, yhat and interval', () => {
    const { echartOptions } = transformTimeseries(chartProps({ ...fd, y_axis_format: ',.1f', tooltipTimeFormat: '%Y-%m-%d' }, [answer]), 'line');
    const tooltip = echartOptions.tooltip as { trigger: string; formatter: (p: unknown) => string };
    expect(tooltip.trigger).toBe('axis');
    const x = START + 20 * DAY;
    const html = tooltip.formatter([
      { seriesName: 'boy', marker: '<m1>', axisValue: x, value: [x, 32] },
      { seriesName: 'boy__yhat', marker: '<m2>', axisValue: x, value: [x, 31.04] },
      { seriesName: 'boy__yhat_lower', marker: '', axisValue: x, value: [x, 29.5] },
      { seriesName: 'boy__yhat_upper', marker: '', axisValue: x, value: [x, 3.1, 32.6] },
    ]);
    expect(html).toBe('2024-01-21<br/><m1>boy: 32.0, ŷ = 31.0 (29.5, 32.6)');
  });

  it('horizontal bars swap the forecast points too', () => {
    const { echartOptions } = transformTimeseries(chartProps({ ...fd, orientation: 'horizontal' }, [answer]), 'bar');
    const yhat = (echartOptions.series as Series[]).find((s) => s.name === 'girl__yhat')!;
    expect(yhat.data[0]).toEqual([answer.data[0]!['girl__yhat'], START]);
  });

  it('draws no forecast series for an ordinary answer', () => {
    const plain = chartResult([{ ds: START, boy: 1, girl: 2 }], { ds: 2 });
    const { echartOptions } = transformTimeseries(chartProps(formData, [plain]), 'line');
    expect((echartOptions.series as Series[]).map((s) => s.name)).toEqual(['boy', 'girl']);
  });
});

describe('forecast helpers', () => {
  it('splitForecastColumns needs the yhat column before treating suffixes as a forecast', () => {
    expect(splitForecastColumns(['a__yhat', 'a__yhat_lower', 'a__yhat_upper', 'a', 'b__yhat_lower'])).toEqual({
      observations: ['a', 'b__yhat_lower'],
      forecasts: new Map([['a', { yhat: 'a__yhat', lower: 'a__yhat_lower', upper: 'a__yhat_upper' }]]),
    });
  });
  it('the tooltip escapes series names and skips series with nothing at that x', () => {
    const format = axisTooltipFormatter(() => (v: number | null) => String(v), (p) => String(p.axisValue));
    const html = format([
      { seriesName: '<img src=x onerror=alert(1)>', marker: '', axisValue: 'CA', value: ['CA', 1] },
      { seriesName: 'empty', marker: '', axisValue: 'CA', value: ['CA', null] },
    ]);
    expect(html).toBe('CA<br/>&#60;img src=x onerror=alert(1)&#62;: 1');
  });
});
