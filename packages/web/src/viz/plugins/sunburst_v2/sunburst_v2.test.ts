import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { SunburstChart } from 'echarts/charts';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';
import { drawnTexts, drawOption, seriesModel } from '../../shared/testing/drawOption';
import { textWidth } from '../../shared/props';

const formData = { datasource: '1__table', viz_type: 'sunburst_v2', columns: ['region', 'country'], metric: sumNum, secondary_metric: 'count' };

describe('sunburst_v2', () => {
  it('queries the hierarchy columns with both metrics', () => {
    const q = buildQuery(formData).queries[0]!;
    expect(q.columns).toEqual(['region', 'country']);
    expect(q.metrics).toEqual([sumNum, 'count']);
  });
  it('nests rings and colours by the secondary/primary ratio', () => {
    const result = chartResult([
      { region: 'Europe', country: 'FR', 'SUM(num)': 10, count: 1 },
      { region: 'Europe', country: 'DE', 'SUM(num)': 10, count: 10 },
      { region: 'Asia', country: 'JP', 'SUM(num)': 5, count: 5 },
    ]);
    const series = (transformProps(chartProps({ ...formData, linear_color_scheme: 'greens' }, [result])).echartOptions.series as { data: { name: string; value: number; itemStyle: { color: string }; children: { name: string; itemStyle: { color: string } }[] }[] }[])[0]!;
    expect(series.data.map((d) => [d.name, d.value])).toEqual([['Europe', 20], ['Asia', 5]]);
    // FR has the lowest ratio (0.1), DE and JP the highest (1).
    expect(series.data[0]!.children[0]!.itemStyle.color).toBe('#F7FCF5');
    expect(series.data[0]!.children[1]!.itemStyle.color).toBe('#00441B');
  });
  describe('labels', () => {
    const size = { width: 796, height: 643 };
    // Populations (millions) by region and country: a few large slices and many tiny ones.
    const population: [string, string, number][] = [
      ['East Asia & Pacific', 'China', 1371], ['East Asia & Pacific', 'Japan', 127], ['East Asia & Pacific', 'Tuvalu', 0.01], ['East Asia & Pacific', 'Palau', 0.02],
      ['South Asia', 'India', 1309], ['South Asia', 'Maldives', 0.4], ['South Asia', 'Bhutan', 0.8],
      ['Europe & Central Asia', 'Russian Federation', 144], ['Europe & Central Asia', 'Monaco', 0.04], ['Europe & Central Asia', 'Liechtenstein', 0.04],
      ['Sub-Saharan Africa', 'Democratic Republic of the Congo and its neighbours', 1000], ['Sub-Saharan Africa', 'Seychelles', 0.1],
    ];
    const draw = (extra: Record<string, unknown>) => {
      const rows = population.map(([region, country, value]) => ({ region, country, 'MAX(pop)': value }));
      const { echartOptions } = transformProps(chartProps({ ...formData, secondary_metric: undefined, metric: 'MAX(pop)', ...extra }, [chartResult(rows)], size));
      return drawnTexts(drawOption(echartOptions, SunburstChart, size));
    };
    it('hides the labels of slices under 5% of the total when "Hide small labels" is ticked (the default)', () => {
      const texts = draw({});
      expect(texts).toEqual(expect.arrayContaining(['China', 'India', 'East Asia & Pacific', 'South Asia']));
      for (const tiny of ['Tuvalu', 'Palau', 'Maldives', 'Bhutan', 'Monaco', 'Liechtenstein', 'Seychelles', 'Japan']) expect(texts).not.toContain(tiny);
    });
    it('shows every label when the box is unticked', () => {
      expect(draw({ show_labels_threshold_enabled: false })).toEqual(expect.arrayContaining(['Tuvalu', 'Monaco', 'Japan']));
    });
    it('cuts labels to the depth of their ring', () => {
      // Two rings between 10% and 90% of a 643 px tall pane's half: 128 px each.
      const long = draw({}).find((t) => t.startsWith('Democratic Rep'));
      expect(long).toMatch(/\.\.\.$/);
      expect(textWidth(long!.replace(/\.\.\.$/, ''))).toBeLessThanOrEqual(128 * 1.15);
    });
  });
});

describe('sunburst_v2 formats', () => {
  it('names slices of a temporal level by date (the date format), not epoch milliseconds', () => {
    const result = chartResult([{ ds: Date.UTC(2000, 0, 1), country: 'FR', 'SUM(num)': 10 }], { ds: 2 });
    const series = (transformProps(chartProps({ ...formData, secondary_metric: undefined, columns: ['ds', 'country'], date_format: '%Y-%m-%d' }, [result])).echartOptions.series as { data: { name: string }[] }[])[0]!;
    expect(series.data[0]!.name).toBe('2000-01-01');
  });
  it("gives a slice's share of the total and of its parent with two decimals, as Superset's tooltip does, the data's text escaped", () => {
    const result = chartResult([
      { region: 'Europe', country: 'FR', 'SUM(num)': 1, count: 3 },
      { region: 'Europe', country: '<b onmouseover=x>', 'SUM(num)': 3, count: 1 },
      { region: 'Asia', country: 'JP', 'SUM(num)': 2, count: 2 },
    ]);
    const tipsOf = (fd: Record<string, unknown>) => {
      const { echartOptions } = transformProps(chartProps({ ...formData, ...fd }, [result]));
      const chart = drawOption(echartOptions, SunburstChart);
      const series = seriesModel(chart);
      const data = series.getData();
      const tooltip = echartOptions.tooltip as { formatter: (p: unknown) => string };
      const tips = new Map(Array.from({ length: data.count() }, (_, i) => [data.getName(i), tooltip.formatter(series.getDataParams(i))]));
      chart.dispose();
      return tips;
    };
    const tips = tipsOf({ secondary_metric: undefined });
    expect(tips.get('Europe')).toBe('<b>Europe</b><br/>66.67% of total<br/>SUM(num): 4');
    expect(tips.get('FR')).toBe('<b>Europe ▸ FR</b><br/>16.67% of total<br/>25.00% of Europe<br/>SUM(num): 1');
    expect(tips.get('<b onmouseover=x>')).toBe('<b>Europe ▸ &#60;b onmouseover=x&#62;</b><br/>50.00% of total<br/>75.00% of Europe<br/>SUM(num): 3');
    // With a secondary metric: its value and its ratio to the primary, which the colour shows.
    expect(tipsOf({}).get('FR')).toBe('<b>Europe ▸ FR</b><br/>16.67% of total<br/>25.00% of Europe<br/>SUM(num): 1, count: 3<br/>count/SUM(num): 300.00%');
  });
});
