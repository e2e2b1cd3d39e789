import { describe, expect, it } from 'vitest';
import type { DashboardJsonMetadata, DataMaskState } from '@tessera/core';
import { dashboardQueryFormData, dashboardRenderFormData, maskAppliesTo } from './dashboardFormData';

const masks: DataMaskState = {
  'NATIVE_FILTER-a': { id: 'NATIVE_FILTER-a', extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] } },
  'NATIVE_FILTER-b': { id: 'NATIVE_FILTER-b', extraFormData: { time_range: 'Last week' } },
  '7': { id: '7', extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['CA'] }] } },
  'NATIVE_FILTER-empty': { id: 'NATIVE_FILTER-empty', filterState: { value: null } },
};

describe('dashboardQueryFormData', () => {
  it('applies masks without scope information to every chart, appending filters after the chart’s own', () => {
    const formData = dashboardQueryFormData(3, { viz_type: 'pie', datasource: '1__table', extra_form_data: { filters: [{ col: 'x', op: '==', val: 1 }] } }, masks, {});
    expect(formData.slice_id).toBe(3);
    expect(formData.extra_form_data).toEqual({
      filters: [
        { col: 'x', op: '==', val: 1 },
        { col: 'gender', op: 'IN', val: ['boy'] },
        { col: 'state', op: 'IN', val: ['CA'] },
      ],
      time_range: 'Last week',
    });
  });

  it('keeps a chart out of the scopes that leave it out, and a cross-filter off its own chart', () => {
    const metadata: DashboardJsonMetadata = {
      native_filter_configuration: [{ id: 'NATIVE_FILTER-a', type: 'NATIVE_FILTER', chartsInScope: [4] }],
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [3, 7] },
    };
    expect(maskAppliesTo('NATIVE_FILTER-a', 3, metadata)).toBe(false);
    expect(maskAppliesTo('NATIVE_FILTER-a', 4, metadata)).toBe(true);
    expect(maskAppliesTo('7', 7, metadata)).toBe(false);
    expect(maskAppliesTo('7', 3, metadata)).toBe(true);
    expect(maskAppliesTo('7', 5, metadata)).toBe(false);
    const formData = dashboardQueryFormData(3, { viz_type: 'pie', datasource: '1__table' }, masks, metadata);
    expect(formData.extra_form_data).toEqual({ filters: [{ col: 'state', op: 'IN', val: ['CA'] }], time_range: 'Last week' });
  });

  it('leaves form data without extra_form_data when no mask has any', () => {
    expect(dashboardQueryFormData(3, { viz_type: 'pie', datasource: '1__table' }, {}, {})).toEqual({ viz_type: 'pie', datasource: '1__table', slice_id: 3 });
  });
});

describe('dashboardRenderFormData', () => {
  it('draws with the dashboard’s scheme and label colours over the chart’s, under the dashboard’s id', () => {
    const render = dashboardRenderFormData(
      { viz_type: 'pie', datasource: '1__table', color_scheme: 'd3Category10', label_colors: { boy: '#000', girl: '#111' } },
      12,
      { color_scheme: 'supersetColors', label_colors: { girl: '#f00' } },
    );
    expect(render).toMatchObject({ color_scheme: 'supersetColors', label_colors: { boy: '#000', girl: '#f00' }, dashboardId: 12 });
  });
});
