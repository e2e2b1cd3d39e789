import { describe, expect, it } from 'vitest';
import { exploreAddress } from './exploreAddress';

const table = { id: 7, type: 'table' };

describe('exploreAddress', () => {
  it('names the dataset of an unsaved chart and the chart of a saved one, dropping viz_type and force', () => {
    expect(exploreAddress({ pathname: '/explore/', search: '?viz_type=pie&datasource_type=table&datasource_id=7&force=true' }, { formDataKey: 'K', sliceId: null, datasource: table })).toBe(
      '/explore/?form_data_key=K&datasource_type=table&datasource_id=7',
    );
    expect(exploreAddress({ pathname: '/explore/', search: '?slice_id=5&form_data_key=OLD' }, { formDataKey: 'K', sliceId: 5, datasource: table })).toBe('/explore/?form_data_key=K&slice_id=5');
  });

  it('keeps unrelated parameters and leaves a permalink path for the explorer address', () => {
    expect(exploreAddress({ pathname: '/superset/explore/p/abc/', search: '?standalone=1' }, { formDataKey: 'K', sliceId: 5, datasource: table })).toBe('/explore/?form_data_key=K&slice_id=5&standalone=1');
  });

  it("drops an old link's form_data once the controls live under a key (a reload must not lay it over the edits)", () => {
    const search = `?form_data=${encodeURIComponent('{"slice_id":5,"row_limit":10}')}&standalone=1`;
    expect(exploreAddress({ pathname: '/explore/', search }, { formDataKey: 'K', sliceId: 5, datasource: table })).toBe('/explore/?form_data_key=K&slice_id=5&standalone=1');
  });
});
