import { describe, expect, it } from 'vitest';
import { parseExploreUrl } from './exploreUrlParams';

const withFormData = (formData: unknown, rest = '') => `?form_data=${encodeURIComponent(JSON.stringify(formData))}${rest}`;

describe('parseExploreUrl', () => {
  it('reads the explorer parameters of the address', () => {
    expect(parseExploreUrl('?slice_id=5&force=true')).toEqual({ args: { slice_id: 5, datasource_id: undefined, datasource_type: undefined, form_data_key: undefined, permalink_key: undefined }, force: true, vizType: undefined, formDataOverlay: undefined });
    expect(parseExploreUrl('?datasource=7__table&viz_type=pie').args).toMatchObject({ datasource_id: 7, datasource_type: 'table' });
    expect(parseExploreUrl('?datasource_id=7').args).toMatchObject({ datasource_id: 7, datasource_type: 'table' });
    expect(parseExploreUrl('', 'abc').args.permalink_key).toBe('abc');
  });

  it("opens an old ?form_data={...} link: what to open from it, its controls laid over the bootstrap's", () => {
    const parsed = parseExploreUrl(withFormData({ slice_id: 12, datasource: '3__table', viz_type: 'pie', metric: 'count', groupby: ['gender'], row_limit: 10 }));
    expect(parsed.args).toMatchObject({ slice_id: 12, datasource_id: 3, datasource_type: 'table' });
    expect(parsed.vizType).toBe('pie');
    expect(parsed.formDataOverlay).toEqual({ metric: 'count', groupby: ['gender'], row_limit: 10 });
    // Superset 1.x links carried ids as text, and only the chart.
    expect(parseExploreUrl(withFormData({ slice_id: '12' }))).toMatchObject({ args: { slice_id: 12 }, formDataOverlay: undefined });
    expect(parseExploreUrl(withFormData({ datasource_id: 4, datasource_type: 'query' })).args).toMatchObject({ datasource_id: 4, datasource_type: 'query' });
  });

  it("lets the address's own parameters win over the same keys inside form_data", () => {
    const parsed = parseExploreUrl(withFormData({ slice_id: 12, datasource: '3__table', viz_type: 'pie' }, '&slice_id=13&datasource=9__table&viz_type=table'));
    expect(parsed.args).toMatchObject({ slice_id: 13, datasource_id: 9 });
    expect(parsed.vizType).toBe('table');
  });

  it('ignores a form_data that is not a JSON object', () => {
    for (const bad of ['?form_data=nope', '?form_data=%5B1%5D', '?form_data=null', '?form_data=']) {
      const parsed = parseExploreUrl(bad);
      expect(parsed.formDataOverlay).toBeUndefined();
      expect(Object.values(parsed.args).every((v) => v === undefined)).toBe(true);
    }
    expect(parseExploreUrl(withFormData({ slice_id: -3, datasource: 'x' })).args.slice_id).toBeUndefined();
  });
});
