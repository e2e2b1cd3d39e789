import { describe, expect, it } from 'vitest';
import { addressFromPermalink, dashboardPath, nativeFiltersParam, parseDashboardAddress, permalinkUrlParams, withParam } from './dashboardAddress';

describe('parseDashboardAddress', () => {
  it('opens a plain address with the nav, the title, the chart controls and view mode', () => {
    const address = parseDashboardAddress('');
    expect(address).toMatchObject({
      standalone: 0,
      hideNav: false,
      hideTitle: false,
      hideTab: false,
      hideChartControls: false,
      reportMode: false,
      edit: false,
      force: false,
      focusedChartId: null,
      anchor: null,
      permalinkKey: null,
      nativeFiltersKey: null,
    });
  });

  it.each([
    ['1', { standalone: 1, hideNav: true, hideTitle: false, reportMode: false, hideChartControls: false }],
    ['true', { standalone: 1, hideNav: true, hideTitle: false }],
    ['2', { standalone: 2, hideNav: true, hideTitle: true, reportMode: false }],
    ['3', { standalone: 3, hideNav: true, hideTitle: true, reportMode: true, hideChartControls: true }],
    ['4', { standalone: 0, hideNav: false }],
    ['abc', { standalone: 0, hideNav: false }],
    ['-1', { standalone: 0, hideNav: false }],
  ])('standalone=%s', (value, expected) => {
    expect(parseDashboardAddress(`?standalone=${value}`)).toMatchObject(expected);
  });

  it('reads each uiConfig bit and combines them', () => {
    expect(parseDashboardAddress('uiConfig=1')).toMatchObject({ hideTitle: true, hideTab: false, hideNav: false, hideChartControls: false });
    expect(parseDashboardAddress('uiConfig=2')).toMatchObject({ hideTitle: false, hideTab: true });
    expect(parseDashboardAddress('uiConfig=4')).toMatchObject({ hideNav: true, hideTitle: false });
    expect(parseDashboardAddress('uiConfig=8')).toMatchObject({ hideChartControls: true, hideNav: false });
    expect(parseDashboardAddress('uiConfig=15')).toMatchObject({ hideTitle: true, hideTab: true, hideNav: true, hideChartControls: true });
    expect(parseDashboardAddress('uiConfig=99')).toMatchObject({ uiConfig: 0, hideTitle: false });
    expect(parseDashboardAddress('uiConfig=1e1')).toMatchObject({ uiConfig: 0 });
  });

  it('asks for edit mode and force only with the literal true', () => {
    expect(parseDashboardAddress('edit=true&force=true')).toMatchObject({ edit: true, force: true });
    expect(parseDashboardAddress('edit=TRUE')).toMatchObject({ edit: true });
    expect(parseDashboardAddress('edit=1&force=yes')).toMatchObject({ edit: false, force: false });
  });

  it('reads the focused chart from focused_chart or slice_id', () => {
    expect(parseDashboardAddress('focused_chart=12').focusedChartId).toBe(12);
    expect(parseDashboardAddress('slice_id=7').focusedChartId).toBe(7);
    expect(parseDashboardAddress('focused_chart=0').focusedChartId).toBeNull();
    expect(parseDashboardAddress('focused_chart=1;drop').focusedChartId).toBeNull();
  });

  it('takes the hash as an anchor only when it looks like a component id', () => {
    expect(parseDashboardAddress('', '#CHART-abc_12').anchor).toBe('CHART-abc_12');
    expect(parseDashboardAddress('', '#%3Cimg%20src%3Dx%3E').anchor).toBeNull();
    expect(parseDashboardAddress('', '#%E0%A4%A').anchor).toBeNull();
    expect(parseDashboardAddress('', '#').anchor).toBeNull();
  });

  it('keeps well-formed permalink and filter-state keys only', () => {
    expect(parseDashboardAddress('permalink_key=abc-DEF_1&native_filters_key=k1')).toMatchObject({ permalinkKey: 'abc-DEF_1', nativeFiltersKey: 'k1' });
    expect(parseDashboardAddress('permalink_key=../x&native_filters_key=')).toMatchObject({ permalinkKey: null, nativeFiltersKey: null });
  });
});

describe('dashboard address helpers', () => {
  it('names a dashboard by slug, else id', () => {
    expect(dashboardPath({ id: 3, slug: 'sales' })).toBe('/superset/dashboard/sales/');
    expect(dashboardPath({ id: 3, slug: null })).toBe('/superset/dashboard/3/');
    expect(dashboardPath({ id: 3, slug: '  ' })).toBe('/superset/dashboard/3/');
    expect(dashboardPath({ id: 3, slug: 'a b/c' })).toBe('/superset/dashboard/a%20b%2Fc/');
  });

  it('keeps display parameters in a permalink and drops one-shot keys', () => {
    expect(permalinkUrlParams('standalone=2&edit=true&permalink_key=x&native_filters_key=y&uiConfig=8')).toEqual([
      ['standalone', '2'],
      ['uiConfig', '8'],
    ]);
  });

  it('rebuilds the dashboard address from a permalink', () => {
    expect(addressFromPermalink('/superset/dashboard/3/', [['standalone', '1']], 'TAB-x')).toBe('/superset/dashboard/3/?standalone=1#TAB-x');
    expect(addressFromPermalink('/superset/dashboard/3/', undefined, null)).toBe('/superset/dashboard/3/');
    expect(addressFromPermalink('/superset/dashboard/3/', [['edit', 'true']], '"><script>')).toBe('/superset/dashboard/3/');
  });

  it('sets and removes one parameter', () => {
    expect(withParam('?a=1', 'standalone', '1')).toBe('?a=1&standalone=1');
    expect(withParam('?standalone=1', 'standalone', null)).toBe('');
  });
});

describe('native_filters (rison)', () => {
  it('reads filter masks by id and leaves out what is not a mask', () => {
    const text = "(NATIVE_FILTER-abc:(extraFormData:(filters:!((col:gender,op:IN,val:!(boy)))),filterState:(value:!(boy))),'bad key':(filterState:(value:1)),NATIVE_FILTER-x:oops)";
    const address = parseDashboardAddress(new URLSearchParams({ native_filters: text }));
    expect(address.nativeFilters).toEqual({
      'NATIVE_FILTER-abc': { id: 'NATIVE_FILTER-abc', extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] }, filterState: { value: ['boy'] } },
    });
  });

  it('gives null for no parameter or unreadable text, and round-trips what nativeFiltersParam writes', () => {
    expect(parseDashboardAddress('').nativeFilters).toBeNull();
    expect(parseDashboardAddress('native_filters=(unclosed').nativeFilters).toBeNull();
    const masks = { 'NATIVE_FILTER-1': { id: 'NATIVE_FILTER-1', extraFormData: { time_range: 'Last week' }, filterState: { value: 'Last week' } } };
    expect(parseDashboardAddress(new URLSearchParams({ native_filters: nativeFiltersParam(masks) })).nativeFilters).toEqual(masks);
  });

  it('is not kept in a permalink (the permalink carries the masks)', () => {
    expect(permalinkUrlParams('standalone=1&native_filters=(a:(filterState:(value:1)))')).toEqual([['standalone', '1']]);
  });
});

describe('expand_filters', () => {
  it.each([
    ['expand_filters=0', false],
    ['expand_filters=false', false],
    ['expand_filters=1', true],
    ['expand_filters=true', true],
    ['expand_filters=maybe', null],
    ['', null],
  ])('%s', (search, expected) => {
    expect(parseDashboardAddress(search).expandFilters).toBe(expected);
  });
});
