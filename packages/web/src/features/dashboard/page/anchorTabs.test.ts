import { describe, expect, it } from 'vitest';
import type { DashboardLayout, LayoutComponent, LayoutComponentType } from '@tessera/core';
import { componentOfChart, tabsForComponent } from './anchorTabs';

const c = (id: string, type: LayoutComponentType, children: string[] = [], meta: LayoutComponent['meta'] = {}): LayoutComponent => ({ id, type, children, meta });

const layout: DashboardLayout = {
  ROOT_ID: c('ROOT_ID', 'ROOT', ['TABS-top']),
  'TABS-top': c('TABS-top', 'TABS', ['TAB-a', 'TAB-b']),
  'TAB-a': c('TAB-a', 'TAB', ['ROW-1']),
  'TAB-b': c('TAB-b', 'TAB', ['TABS-inner']),
  'TABS-inner': c('TABS-inner', 'TABS', ['TAB-b1', 'TAB-b2']),
  'TAB-b1': c('TAB-b1', 'TAB', []),
  'TAB-b2': c('TAB-b2', 'TAB', ['ROW-2']),
  'ROW-1': c('ROW-1', 'ROW', ['CHART-1']),
  'ROW-2': c('ROW-2', 'ROW', ['CHART-2']),
  'CHART-1': c('CHART-1', 'CHART', [], { chartId: 11 }),
  'CHART-2': c('CHART-2', 'CHART', [], { chartId: 22 }),
};

describe('tabsForComponent', () => {
  it('activates every tab on the way to a nested chart', () => {
    expect(tabsForComponent(layout, 'CHART-2', ['TAB-a'])).toEqual(['TAB-b', 'TAB-b2']);
  });

  it('activates a tab named as the anchor itself', () => {
    expect(tabsForComponent(layout, 'TAB-b1', [])).toEqual(['TAB-b', 'TAB-b1']);
  });

  it('keeps the active tab of other tab groups', () => {
    expect(tabsForComponent(layout, 'CHART-1', ['TAB-a', 'TAB-b2'])).toEqual(['TAB-a', 'TAB-b2']);
  });

  it('gives null for an unknown component or a cycle', () => {
    expect(tabsForComponent(layout, 'CHART-9', [])).toBeNull();
    const cyclic: DashboardLayout = { A: c('A', 'ROW', ['B']), B: c('B', 'ROW', ['A']) };
    expect(tabsForComponent(cyclic, 'A', [])).toBeNull();
  });
});

describe('componentOfChart', () => {
  it('finds the component of a chart id', () => {
    expect(componentOfChart(layout, 22)).toBe('CHART-2');
    expect(componentOfChart(layout, 5)).toBeNull();
  });
});
