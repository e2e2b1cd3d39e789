import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { resolveCountry, transformProps } from './transformProps';
import { chartProps, chartResult } from '../../shared/testing/fixtures';

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
    expect(series.data).toEqual([{ name: '076', value: 210, country: 'BRA' }, { name: '356', value: 1400, country: 'IND' }]);
    expect(props.echartOptions.visualMap).toMatchObject({ min: 210, max: 1400 });
    expect(props.bubbles).toEqual([{ id: '076', country: 'BRA', size: 2 }, { id: '356', country: 'IND', size: 3 }]);
    expect(props.unmatched).toEqual(['XXX']);
  });
});
