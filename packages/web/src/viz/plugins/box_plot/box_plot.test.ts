import { describe, expect, it } from 'vitest';
import { BoxplotChart, ScatterChart } from 'echarts/charts';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';
import { drawnTexts, drawOption, seriesModel } from '../../shared/testing/drawOption';

const formData = { datasource: '1__table', viz_type: 'box_plot', columns: ['name'], groupby: ['state'], metrics: [sumNum], whiskerOptions: 'Tukey' };
const parts = [BoxplotChart, ScatterChart];

const result = chartResult([
  { state: 'CA', 'SUM(num)__min': 1, 'SUM(num)__q1': 2, 'SUM(num)__median': 3, 'SUM(num)__q3': 4, 'SUM(num)__max': 5, 'SUM(num)__mean': 3, 'SUM(num)__count': 9, 'SUM(num)__outliers': [12] },
  { state: 'NY', 'SUM(num)__min': 0, 'SUM(num)__q1': 1, 'SUM(num)__median': 2, 'SUM(num)__q3': 3, 'SUM(num)__max': 4, 'SUM(num)__mean': 2, 'SUM(num)__count': 5, 'SUM(num)__outliers': [] },
]);

type Tooltip = { formatter: (p: unknown) => string };

describe('box_plot', () => {
  it('aggregates per distribution column and group, then asks for box statistics per group', () => {
    const q = buildQuery(formData).queries[0]!;
    expect(q.columns).toEqual(['name', 'state']);
    const step = q.post_processing![0]!;
    expect(step.operation).toBe('boxplot');
    expect(step.options).toMatchObject({ groupby: ['state'], metrics: ['SUM(num)'], whisker_type: 'tukey' });
  });
  it('turns <metric>__<stat> columns into boxes and outliers into points', () => {
    const { echartOptions } = transformProps(chartProps(formData, [result]));
    expect((echartOptions.xAxis as { data: string[] }).data).toEqual(['CA', 'NY']);
    const [boxes, outliers] = echartOptions.series as { type: string; data: unknown[] }[];
    expect(boxes!.data).toEqual([[1, 2, 3, 4, 5], [0, 1, 2, 3, 4]]);
    expect(outliers).toMatchObject({ type: 'scatter', data: [[0, 12]] });
  });
  it('shows the statistics of the hovered box in its tooltip, whatever ECharts puts in params.value', () => {
    const { echartOptions } = transformProps(chartProps(formData, [result]));
    const chart = drawOption(echartOptions, parts);
    const [boxes, outliers] = echartOptions.series as { tooltip: Tooltip }[];
    // The parameters ECharts passes to the formatter when the NY box is hovered: [1, 0, 1, 2, 3, 4], index first.
    const nyBox = seriesModel(chart, 0).getDataParams(1);
    expect(nyBox.value).toEqual([1, 0, 1, 2, 3, 4]);
    expect(boxes!.tooltip.formatter(nyBox)).toBe('NY — SUM(num)<br/>min: 0<br/>q1: 1<br/>median: 2<br/>q3: 3<br/>max: 4');
    expect(boxes!.tooltip.formatter(seriesModel(chart, 0).getDataParams(0))).toContain('CA — SUM(num)<br/>min: 1<br/>');
    expect(boxes!.tooltip.formatter(seriesModel(chart, 0).getDataParams(0))).toContain('max: 5');
    expect(outliers!.tooltip.formatter(seriesModel(chart, 1).getDataParams(0))).toBe('CA — SUM(num)<br/>outlier: 12');
  });
  it('labels every box, turning long names rather than dropping some', () => {
    const regions = ['East Asia & Pacific', 'Europe & Central Asia', 'Latin America & Caribbean', 'Middle East & North Africa', 'North America', 'South Asia', 'Sub-Saharan Africa'];
    const rows = regions.map((region, i) => ({ region, 'AVG(x)__min': 40 + i, 'AVG(x)__q1': 50 + i, 'AVG(x)__median': 60 + i, 'AVG(x)__q3': 70, 'AVG(x)__max': 80, 'AVG(x)__outliers': [] }));
    const size = { width: 796, height: 643 };
    const { echartOptions } = transformProps(chartProps({ ...formData, groupby: ['region'], metrics: ['AVG(x)'] }, [chartResult(rows)], size));
    const texts = drawnTexts(drawOption(echartOptions, parts, size));
    // A turned label may be cut short with an ellipsis; its start must be there.
    for (const region of regions) expect(texts.some((t) => region.startsWith(t.replace(/(\.\.\.|…)$/, '')) && t.length >= 8)).toBe(true);
    expect(echartOptions.xAxis).toMatchObject({ axisLabel: { interval: 0, rotate: 45 } });
  });
});

describe('box_plot imported from Superset', () => {
  it('formats values by `number_format`, where Superset keeps it', () => {
    const { echartOptions } = transformProps(chartProps({ ...formData, number_format: ',.2f' }, [result]));
    const yAxis = echartOptions.yAxis as { axisLabel: { formatter: (v: number) => string } };
    expect(yAxis.axisLabel.formatter(1234.5)).toBe('1,234.50');
    // The explorer's own control wins once set.
    const own = transformProps(chartProps({ ...formData, number_format: ',.2f', y_axis_format: ',d' }, [result])).echartOptions.yAxis as typeof yAxis;
    expect(own.axisLabel.formatter(1234.5)).toBe('1,235');
  });
});

describe('box_plot group labels', () => {
  it('names boxes of a temporal group by date (the date format), not epoch milliseconds', () => {
    const stats = { 'SUM(num)__min': 1, 'SUM(num)__q1': 2, 'SUM(num)__median': 3, 'SUM(num)__q3': 4, 'SUM(num)__max': 5, 'SUM(num)__outliers': [] };
    const byYear = chartResult([{ ds: Date.UTC(2000, 0, 1), ...stats }, { ds: Date.UTC(2001, 0, 1), ...stats }], { ds: 2 });
    const { echartOptions } = transformProps(chartProps({ ...formData, groupby: ['ds'], date_format: '%Y-%m-%d' }, [byYear]));
    expect((echartOptions.xAxis as { data: string[] }).data).toEqual(['2000-01-01', '2001-01-01']);
  });
});
