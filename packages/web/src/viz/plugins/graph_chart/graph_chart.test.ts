import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { GraphChart } from 'echarts/charts';
import { forceLayout } from './forceLayout';
import { chartProps, chartResult } from '../../shared/testing/fixtures';
import { drawOption, seriesModel } from '../../shared/testing/drawOption';
import { textWidth } from '../../shared/props';

const formData = { datasource: '1__table', viz_type: 'graph_chart', source: 'from', target: 'to', metric: 'value', source_category: 'from_kind' };

describe('graph_chart', () => {
  it('groups by source, target and the category columns', () => {
    expect(buildQuery(formData).queries[0]!.columns).toEqual(['from', 'to', 'from_kind']);
  });
  it('sums edge values into node sizes and lists categories', () => {
    const result = chartResult([
      { from: 'A', to: 'B', from_kind: 'hub', value: 4 },
      { from: 'A', to: 'C', from_kind: 'hub', value: 6 },
      { from: 'B', to: 'C', from_kind: 'leaf', value: 2 },
    ]);
    const series = (transformProps(chartProps(formData, [result])).echartOptions.series as { data: { name: string; value: number; category?: number }[]; links: { source: string; target: string }[]; categories: { name: string }[] }[])[0]!;
    expect(series.data.map((n) => [n.name, n.value, n.category])).toEqual([['A', 10, 0], ['B', 6, 1], ['C', 8, undefined]]);
    expect(series.links.map((l) => `${l.source}>${l.target}`)).toEqual(['A>B', 'A>C', 'B>C']);
    expect(series.categories.map((c) => c.name)).toEqual(['hub', 'leaf']);
  });
  describe('fits the pane', () => {
    const size = { width: 796, height: 643 };
    // Emission flows: a few hubs fed by many sectors, chains of sub-sectors and a detached pair (energy_usage-like).
    const sectors = ['Agriculture', 'Rice Cultivation', 'Livestock and Manure', 'Agriculture Soils', 'Deforestation', 'Land Use Change', 'Harvest / Management', 'Peat and Wetland Drainage', 'Waste', 'Landfills', 'Waste water - Other Waste', 'Coal Mining', 'Oil and Gas Processing', 'Fugitive Emissions', 'Transportation', 'Road', 'Air', 'Rail - Ship and Other Transport', 'Industry', 'Iron and Steel', 'Cement', 'Chemicals', 'Aluminium Non-Ferrous Metals', 'Machinery', 'Commercial Buildings', 'Residential Buildings', 'Electricity and heat', 'Energy', 'Other Fuel Combustion', 'T and D Losses'];
    const gases = ['Carbon Dioxide', 'Methane', 'Nitrous Oxide', 'HFCs - PFCs'];
    const rows = [
      ...sectors.flatMap((s, i) => gases.filter((_, g) => (i + g) % 3 !== 0).map((gas, g) => ({ from: s, to: gas, value: 10 + ((i * 7 + g * 13) % 50) }))),
      ...sectors.slice(1).map((s, i) => ({ from: sectors[Math.floor(i / 3) * 3]!, to: s, value: 5 })),
      { from: 'Sulphur Hexafluoride', to: 'Industrial Processes', value: 3 },
    ];
    /** Every node as drawn, in pane pixels: its centre, radius and how far its label reaches. */
    const drawn = (extra: Record<string, unknown> = {}) => {
      const { echartOptions } = transformProps(chartProps({ ...formData, source_category: undefined, ...extra }, [chartResult(rows)], size));
      const [series] = echartOptions.series as Record<string, unknown>[];
      // ECharts animates a force layout from random points; settle it at once, as the user eventually sees it.
      const settled = { ...echartOptions, series: [{ ...series, force: { ...(series!.force as object), layoutAnimation: false } }] };
      const model = seriesModel(drawOption(settled, GraphChart, size));
      const data = model.getData();
      const nodes = series!.data as { name: string; symbolSize: number }[];
      return nodes.map((n, i) => {
        const [x, y] = model.coordinateSystem!.dataToPoint(data.getItemLayout(i) as number[]) as [number, number];
        return { name: n.name, x, y, r: n.symbolSize / 2, labelEnd: x + n.symbolSize / 2 + 5 + Math.min(textWidth(n.name), size.width / 4) };
      });
    };
    it('keeps every node and label inside the pane, using most of it', () => {
      const nodes = drawn();
      expect(nodes).toHaveLength(sectors.length + gases.length + 2);
      for (const n of nodes) {
        expect(n.x - n.r, n.name).toBeGreaterThanOrEqual(0);
        expect(n.labelEnd, n.name).toBeLessThanOrEqual(size.width);
        expect(n.y - n.r, n.name).toBeGreaterThanOrEqual(0);
        expect(n.y + n.r, n.name).toBeLessThanOrEqual(size.height);
      }
      expect(Math.max(...nodes.map((n) => n.labelEnd))).toBeGreaterThan(size.width * 0.9);
      expect(Math.max(...nodes.map((n) => n.y)) - Math.min(...nodes.map((n) => n.y))).toBeGreaterThan(size.height * 0.8);
    });
    it('leaves the legend its side', () => {
      const nodes = drawn({ source_category: 'from', legendOrientation: 'right' });
      // A vertical legend at the right edge: 5 px padding, a 25 px swatch, a 5 px gap, then the name.
      const legendLeft = size.width - 35 - Math.max(...sectors.map((s) => textWidth(s)));
      for (const n of nodes) expect(n.labelEnd, n.name).toBeLessThanOrEqual(legendLeft);
    });
    it('draws the same picture for the same data', () => {
      const positions = () => ((transformProps(chartProps(formData, [chartResult(rows)], size)).echartOptions.series as { data: { x: number; y: number }[] }[])[0]!.data.map((n) => [n.x, n.y]));
      const first = positions();
      expect(first.flat().every(Number.isFinite)).toBe(true);
      expect(positions()).toEqual(first);
    });
  });
  it('settles linked nodes closer together than unlinked ones', () => {
    // Two squares joined at one corner.
    const edges = [[0, 1], [1, 2], [2, 3], [3, 0], [3, 4], [4, 5], [5, 6], [6, 7], [7, 4]] as const;
    const points = forceLayout(8, edges, { edgeLength: 400, repulsion: 1000, gravity: 0.3, friction: 0.2 });
    const distance = (a: number, b: number) => Math.hypot(points[a]![0] - points[b]![0], points[a]![1] - points[b]![1]);
    const linked = edges.map(([a, b]) => distance(a, b));
    expect(Math.max(...linked)).toBeLessThan(distance(0, 6));
    expect(Math.max(...linked)).toBeLessThan(distance(1, 5));
  });
});
