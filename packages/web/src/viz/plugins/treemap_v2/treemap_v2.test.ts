import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { TreemapChart } from 'echarts/charts';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';
import { drawOption, seriesModel, type DrawnTreeNode } from '../../shared/testing/drawOption';
import type { ExploreDatasource } from '../../types';

const formData = { datasource: '1__table', viz_type: 'treemap_v2', groupby: ['state', 'gender'], metric: sumNum };

describe('treemap_v2', () => {
  it('groups by every hierarchy level', () => {
    expect(buildQuery(formData).queries[0]!.columns).toEqual(['state', 'gender']);
  });
  it('nests rows by level and sums values up the tree', () => {
    const result = chartResult([
      { state: 'CA', gender: 'boy', 'SUM(num)': 10 },
      { state: 'CA', gender: 'girl', 'SUM(num)': 5 },
      { state: 'NY', gender: 'boy', 'SUM(num)': 7 },
    ]);
    const series = (transformProps(chartProps(formData, [result])).echartOptions.series as { data: { name: string; value: number; children: { name: string; value: number }[] }[] }[])[0]!;
    expect(series.data.map((d) => [d.name, d.value, d.children.map((c) => c.name)])).toEqual([
      ['CA', 15, ['boy', 'girl']],
      ['NY', 7, ['boy']],
    ]);
  });
  it('lays key and value out on two spaced lines in cells and on one line in group headers', () => {
    const result = chartResult([{ state: 'CA', gender: 'boy', 'SUM(num)': 3950000 }]);
    type Label = { formatter: (p: { name: string; value: number }) => string; lineHeight?: number };
    const series = (transformProps(chartProps({ ...formData, label_type: 'key_value' }, [result])).echartOptions.series as { label: Label; upperLabel: Label & { height: number } }[])[0]!;
    expect(series.label.formatter({ name: 'boy', value: 3950000 })).toBe('boy\n3.95M');
    expect(series.label.lineHeight).toBeGreaterThan(12);
    expect(series.upperLabel.formatter({ name: 'CA', value: 3950000 })).toBe('CA: 3.95M');
    expect(series.upperLabel.height).toBeGreaterThanOrEqual(series.label.lineHeight!);
  });
  describe('fits the pane', () => {
    const size = { width: 796, height: 643 };
    const sales: [string, string, number][] = [
      ['Classic Cars', 'Medium', 2.2e6], ['Classic Cars', 'Large', 1.75e6], ['Vintage Cars', 'Medium', 2.12e6], ['Motorcycles', 'Small', 1.32e6],
      ['Trucks and Buses', 'Medium', 945e3], ['Planes', 'Small', 835e3], ['Ships', 'Small', 578e3], ['Trains', 'Small', 226e3],
    ];
    /** Every leaf tile as drawn, in pane pixels. */
    const tiles = (levels: string[]) => {
      const rows = sales.map(([line, deal, value]) => ({ product_line: line, deal_size: deal, 'SUM(sales)': value }));
      const { echartOptions } = transformProps(chartProps({ ...formData, groupby: levels, metric: 'SUM(sales)' }, [chartResult(rows)], size));
      const series = seriesModel(drawOption(echartOptions, TreemapChart, size));
      const box = series.layoutInfo!;
      const leaves: { name: string; left: number; top: number; right: number; bottom: number }[] = [];
      // Children are laid out relative to their parent's box.
      const walk = (node: DrawnTreeNode, x: number, y: number) => {
        const l = node.getLayout()!;
        if (!node.children.length) leaves.push({ name: node.name, left: x + l.x, top: y + l.y, right: x + l.x + l.width, bottom: y + l.y + l.height });
        node.children.forEach((c) => walk(c, x + l.x, y + l.y));
      };
      walk(series.getData().tree!.root, box.x, box.y);
      return leaves;
    };
    it('uses the whole pane for a single level, every tile inside it', () => {
      const leaves = tiles(['product_line']);
      expect(leaves.map((t) => t.name)).toContain('Trucks and Buses');
      for (const t of leaves) {
        expect(t.left).toBeGreaterThanOrEqual(0);
        expect(t.top).toBeGreaterThanOrEqual(0);
        expect(t.right).toBeLessThanOrEqual(size.width);
        expect(t.bottom).toBeLessThanOrEqual(size.height);
      }
      expect(Math.max(...leaves.map((t) => t.right))).toBeGreaterThan(size.width - 4);
      expect(Math.max(...leaves.map((t) => t.bottom))).toBeGreaterThan(size.height - 4);
    });
    it('keeps a strip at the bottom for the breadcrumb when there are levels to climb', () => {
      const leaves = tiles(['product_line', 'deal_size']);
      for (const t of leaves) expect(t.right).toBeLessThanOrEqual(size.width);
      const lowest = Math.max(...leaves.map((t) => t.bottom));
      expect(lowest).toBeLessThanOrEqual(size.height - 22);
      expect(lowest).toBeGreaterThan(size.height - 40);
    });
  });
});

describe('treemap_v2 formats', () => {
  it('names tiles of a temporal level by date (the date format), not epoch milliseconds', () => {
    const result = chartResult([{ ds: Date.UTC(2000, 0, 1), gender: 'boy', 'SUM(num)': 10 }], { ds: 2 });
    const series = (transformProps(chartProps({ ...formData, groupby: ['ds', 'gender'], date_format: '%Y-%m-%d' }, [result])).echartOptions.series as { data: { name: string }[] }[])[0]!;
    expect(series.data[0]!.name).toBe('2000-01-01');
    // A numeric level (a year) keeps its digits rather than the metric's number format.
    const years = chartResult([{ year: 2024, gender: 'boy', 'SUM(num)': 10 }]);
    const byYear = (transformProps(chartProps({ ...formData, groupby: ['year', 'gender'] }, [years])).echartOptions.series as { data: { name: string }[] }[])[0]!;
    expect(byYear.data[0]!.name).toBe('2024');
  });
  it("shows a saved metric's format in labels and tooltips (Superset getValueFormatter)", () => {
    const datasource: ExploreDatasource = { id: 7, type: 'table', uid: '7__table', name: 'flights', columns: [], metrics: [], column_formats: { avg_delay: ',.1f' } };
    const result = chartResult([{ state: 'CA', gender: 'boy', avg_delay: 4.2614 }]);
    const { echartOptions } = transformProps({ ...chartProps({ ...formData, metric: 'avg_delay', number_format: 'SMART_NUMBER', label_type: 'value' }, [result]), datasource });
    const series = (echartOptions.series as { label: { formatter: (p: { name: string; value: number }) => string } }[])[0]!;
    expect(series.label.formatter({ name: 'boy', value: 4.2614 })).toBe('4.3');
    const tooltip = echartOptions.tooltip as { formatter: (p: unknown) => string };
    expect(tooltip.formatter({ treePathInfo: [{ name: 'avg_delay', value: 4.2614 }, { name: 'CA', value: 4.2614 }, { name: 'boy', value: 4.2614 }], value: 4.2614 })).toBe(
      '<div>CA ▸ boy</div>avg_delay: 4.3 (100.00%)',
    );
  });
  it("shows a tile's path, value and share of its parent tile, with the data's text escaped (the tooltip is HTML)", () => {
    const result = chartResult([
      { state: 'CA', gender: '<img src=x onerror=alert(1)>', 'SUM(num)': 30 },
      { state: 'CA', gender: 'girl', 'SUM(num)': 10 },
      { state: 'NY', gender: 'boy', 'SUM(num)': 60 },
    ]);
    const { echartOptions } = transformProps(chartProps(formData, [result]));
    const chart = drawOption(echartOptions, TreemapChart);
    const tooltip = echartOptions.tooltip as { formatter: (p: unknown) => string };
    const series = seriesModel(chart);
    const data = series.getData();
    const tip = (name: string) => tooltip.formatter(series.getDataParams(Array.from({ length: data.count() }, (_, i) => i).find((i) => data.getName(i) === name)!));
    // What ECharts hands the formatter, drawn: a top tile is a share of the whole, a leaf a share of its parent tile.
    expect(tip('CA')).toBe('<div>CA</div>SUM(num): 40 (40.00%)');
    expect(tip('girl')).toBe('<div>CA ▸ girl</div>SUM(num): 10 (25.00%)');
    expect(tip('<img src=x onerror=alert(1)>')).toBe('<div>CA ▸ &#60;img src=x onerror=alert(1)&#62;</div>SUM(num): 30 (75.00%)');
    chart.dispose();
  });
});
