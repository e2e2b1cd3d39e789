import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { MapChart } from 'echarts/charts';
import { GeoComponent, VisualMapComponent } from 'echarts/components';
import { registerMap, use as registerEchartsParts } from 'echarts/core';
import atlas from 'world-atlas/countries-110m.json';
import { resolveCountry, transformProps, WORLD_MAP_NAME } from './transformProps';
import { prepareWorld, type WorldTopology } from './worldGeometry';
import { chartProps, chartResult } from '../../shared/testing/fixtures';
import { drawOption, seriesModel } from '../../shared/testing/drawOption';

const formData = { datasource: '1__table', viz_type: 'world_map', entity: 'country_code', country_fieldtype: 'cca3', metric: 'population', secondary_metric: 'gdp', show_bubbles: true };

describe('world_map', () => {
  it('groups by the entity with the metric and bubble metric', () => {
    const q = buildQuery(formData).queries[0]!;
    expect(q.columns).toEqual(['country_code']);
    expect(q.metrics).toEqual(['population', 'gdp']);
  });
  it('resolves names and ISO codes to the atlas ids', () => {
    expect(resolveCountry('FRA', 'cca3')).toBe('250');
    expect(resolveCountry('fr', 'cca2')).toBe('250');
    expect(resolveCountry('France', 'name')).toBe('250');
    expect(resolveCountry('United States', 'name')).toBe('840');
    expect(resolveCountry('Atlantis', 'name')).toBeUndefined();
  });
  it('colours matched countries by the metric and lists unmatched entities', () => {
    const result = chartResult([
      { country_code: 'BRA', population: 210, gdp: 2 },
      { country_code: 'IND', population: 1400, gdp: 3 },
      { country_code: 'XXX', population: 1, gdp: 1 },
    ]);
    const props = transformProps(chartProps(formData, [result]));
    const series = (props.echartOptions.series as { data: { name: string; value: number; country: string }[] }[])[0]!;
    // Each region carries its entity value: a click on it cross-filters by it.
    expect(series.data).toEqual([
      { name: '076', value: 210, country: 'BRA', filterValues: ['BRA'] },
      { name: '356', value: 1400, country: 'IND', filterValues: ['IND'] },
    ]);
    expect(props.filterColumns).toEqual(['country_code']);
    expect(props.echartOptions.visualMap).toMatchObject({ min: 210, max: 1400 });
    expect(props.bubbles).toEqual([{ id: '076', country: 'BRA', size: 2 }, { id: '356', country: 'IND', size: 3 }]);
    expect(props.unmatched).toEqual(['XXX']);
  });
  describe('tooltip', () => {
    // registerMap only works once the map parts are in (the renderer module does the same before loadWorldMap).
    const parts = [MapChart, GeoComponent, VisualMapComponent];
    registerEchartsParts(parts);
    registerMap(WORLD_MAP_NAME, { type: 'FeatureCollection', features: prepareWorld(atlas as unknown as WorldTopology).features } as never);
    /** The tooltip text of every region, as ECharts would show it on hover. */
    const tooltips = (fd: Record<string, unknown>, rows: Record<string, unknown>[]) => {
      const { echartOptions } = transformProps(chartProps({ ...formData, ...fd }, [chartResult(rows)], { width: 796, height: 643 }));
      const series = seriesModel(drawOption(echartOptions, parts, { width: 796, height: 643 }));
      const formatter = (echartOptions.tooltip as { formatter: (p: unknown) => string }).formatter;
      const data = series.getData();
      return new Map(Array.from({ length: data.count() }, (_, i) => [data.getName(i), formatter(series.getDataParams(i))]));
    };
    it('names countries from their ISO code, with or without data', () => {
      const tips = tooltips({ show_bubbles: false }, [{ country_code: 'BGD', population: 159_000_000, gdp: 1 }, { country_code: 'FRA', population: 66_000_000, gdp: 1 }]);
      expect(tips.get('050')).toBe('Bangladesh: 159M');
      expect(tips.get('250')).toBe('France: 66M');
      expect(tips.get('643')).toBe('Russia: N/A');
      expect([...tips.values()].filter((t) => t.includes('undefined'))).toEqual([]);
    });
    it('keeps the names a full-name column holds and names the countries it lacks', () => {
      const tips = tooltips({ entity: 'country', country_fieldtype: 'name', metric: 'SUM(sales)', secondary_metric: undefined }, [{ country: 'USA', 'SUM(sales)': 3_600_000 }, { country: 'Spain', 'SUM(sales)': 1_200_000 }]);
      expect(tips.get('840')).toBe('USA: 3.6M');
      expect(tips.get('724')).toBe('Spain: 1.2M');
      expect(tips.get('643')).toBe('Russia: N/A');
    });
    it('adds the bubble size when bubbles are shown (bubbles are named by atlas id like the regions)', () => {
      const { echartOptions } = transformProps(chartProps(formData, [chartResult([{ country_code: 'BGD', population: 159_000_000, gdp: 2 }])]));
      expect((echartOptions.tooltip as { formatter: (p: unknown) => string }).formatter({ name: '050' })).toBe('Bangladesh: 159M<br/>gdp: 2');
    });
  });
});
