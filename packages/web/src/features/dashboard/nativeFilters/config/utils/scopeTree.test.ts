import { describe, expect, it } from 'vitest';
import { chartsInScope, type DashboardLayout, type LayoutComponent } from '@tessera/core';
import { buildScopeTree, checkedFromScope, scopeFromChecked } from './scopeTree';

const c = (id: string, type: LayoutComponent['type'], children: string[] = [], meta: LayoutComponent['meta'] = {}): LayoutComponent => ({ id, type, children, meta });

/** ROOT > TABS > [TAB-a: charts 1, 2; TAB-b: chart 3 and nested TABS > TAB-c: chart 4]. */
const tabbed: DashboardLayout = {
  ROOT_ID: c('ROOT_ID', 'ROOT', ['TABS-1']),
  'TABS-1': c('TABS-1', 'TABS', ['TAB-a', 'TAB-b']),
  'TAB-a': c('TAB-a', 'TAB', ['ROW-a'], { text: 'Tab A' }),
  'ROW-a': c('ROW-a', 'ROW', ['CHART-1', 'CHART-2']),
  'CHART-1': c('CHART-1', 'CHART', [], { chartId: 1, sliceName: 'One' }),
  'CHART-2': c('CHART-2', 'CHART', [], { chartId: 2 }),
  'TAB-b': c('TAB-b', 'TAB', ['ROW-b', 'TABS-2'], { text: 'Tab B' }),
  'ROW-b': c('ROW-b', 'ROW', ['CHART-3']),
  'CHART-3': c('CHART-3', 'CHART', [], { chartId: 3 }),
  'TABS-2': c('TABS-2', 'TABS', ['TAB-c']),
  'TAB-c': c('TAB-c', 'TAB', ['ROW-c'], { text: 'Tab C' }),
  'ROW-c': c('ROW-c', 'ROW', ['CHART-4']),
  'CHART-4': c('CHART-4', 'CHART', [], { chartId: 4, sliceNameOverride: 'Four' }),
};

const flat: DashboardLayout = {
  ROOT_ID: c('ROOT_ID', 'ROOT', ['GRID_ID']),
  GRID_ID: c('GRID_ID', 'GRID', ['ROW-1']),
  'ROW-1': c('ROW-1', 'ROW', ['CHART-1', 'CHART-2']),
  'CHART-1': c('CHART-1', 'CHART', [], { chartId: 1 }),
  'CHART-2': c('CHART-2', 'CHART', [], { chartId: 2 }),
};

describe('buildScopeTree', () => {
  it('shows "All panels" with tabs and charts only, named by override, layout name, then the chart list', () => {
    const tree = buildScopeTree(tabbed, (id) => (id === 2 ? 'Two' : undefined));
    expect(tree).toEqual({
      key: 'ROOT_ID',
      title: 'All panels',
      children: [
        { key: 'TAB-a', title: 'Tab A', children: [{ key: 'CHART-1', title: 'One' }, { key: 'CHART-2', title: 'Two' }] },
        { key: 'TAB-b', title: 'Tab B', children: [{ key: 'CHART-3', title: 'Chart 3' }, { key: 'TAB-c', title: 'Tab C', children: [{ key: 'CHART-4', title: 'Four' }] }] },
      ],
    });
  });
});

describe('scopeFromChecked', () => {
  it('gives the whole dashboard when every chart of a flat layout is checked', () => {
    expect(scopeFromChecked(flat, ['ROOT_ID', 'CHART-1', 'CHART-2'])).toEqual({ rootPath: ['ROOT_ID'], excluded: [] });
  });

  it('excludes the unchecked charts under the root', () => {
    expect(scopeFromChecked(flat, ['CHART-2'])).toEqual({ rootPath: ['ROOT_ID'], excluded: [1] });
  });

  it('roots the scope at the tab of the checked charts', () => {
    expect(scopeFromChecked(tabbed, ['TAB-a', 'CHART-1', 'CHART-2'])).toEqual({ rootPath: ['TAB-a'], excluded: [] });
    expect(scopeFromChecked(tabbed, ['CHART-1'])).toEqual({ rootPath: ['TAB-a'], excluded: [2] });
  });

  it('takes the top tabs as roots when charts of several tabs are checked, nested ones included', () => {
    expect(scopeFromChecked(tabbed, ['CHART-1', 'CHART-4'])).toEqual({ rootPath: ['TAB-a', 'TAB-b'], excluded: [2, 3] });
  });

  it('is empty when nothing is checked', () => {
    expect(scopeFromChecked(tabbed, [])).toEqual({ rootPath: [], excluded: [] });
  });

  it('round-trips: the scope reaches exactly the checked charts', () => {
    const chartKeys = ['CHART-1', 'CHART-2', 'CHART-3', 'CHART-4'];
    for (let mask = 1; mask < 16; mask += 1) {
      const checked = chartKeys.filter((_, i) => mask & (1 << i));
      const scope = scopeFromChecked(tabbed, checked);
      expect(chartsInScope(tabbed, scope).sort()).toEqual(checked.map((k) => Number(k.slice(6))).sort());
      expect(checkedFromScope(tabbed, scope).sort()).toEqual([...checked].sort());
    }
  });
});

describe('checkedFromScope', () => {
  it('checks the charts a stored scope reaches', () => {
    expect(checkedFromScope(tabbed, { rootPath: ['TAB-b'], excluded: [3] })).toEqual(['CHART-4']);
    expect(checkedFromScope(flat, { rootPath: ['ROOT_ID'], excluded: [] })).toEqual(['CHART-1', 'CHART-2']);
  });
});
