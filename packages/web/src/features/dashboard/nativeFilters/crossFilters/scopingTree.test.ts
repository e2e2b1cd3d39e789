import { describe, expect, it } from 'vitest';
import type { DashboardLayout } from '@tessera/core';
import { scopeOfChecked, scopeTree, treeChartIds } from './scopingTree';

const layout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'], meta: {} },
  'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b', 'TAB-empty'], meta: {} },
  'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-a'], meta: { text: 'Sales' } },
  'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['COLUMN-b'], meta: { text: 'People' } },
  'TAB-empty': { id: 'TAB-empty', type: 'TAB', children: [], meta: { text: 'Empty' } },
  'ROW-a': { id: 'ROW-a', type: 'ROW', children: ['CHART-1', 'MARKDOWN-1'], meta: {} },
  'COLUMN-b': { id: 'COLUMN-b', type: 'COLUMN', children: ['CHART-2'], meta: {} },
  'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 1 } },
  'CHART-2': { id: 'CHART-2', type: 'CHART', children: [], meta: { chartId: 2, sliceNameOverride: 'Renamed' } },
  'MARKDOWN-1': { id: 'MARKDOWN-1', type: 'MARKDOWN', children: [], meta: {} },
} as unknown as DashboardLayout;

describe('scopeTree', () => {
  it('keeps tabs and charts, flattens rows and columns, drops empty tabs and markdown', () => {
    const tree = scopeTree(layout, (id) => `Chart ${id}`);
    expect(tree).toEqual([
      { key: 'TAB-a', title: 'Sales', children: [{ key: '1', title: 'Chart 1', isLeaf: true }] },
      { key: 'TAB-b', title: 'People', children: [{ key: '2', title: 'Renamed', isLeaf: true }] },
    ]);
    expect(treeChartIds(tree)).toEqual([1, 2]);
  });
  it('turns checked charts into a scope excluding the others', () => {
    expect(scopeOfChecked([1, 2, 3], [2])).toEqual({ rootPath: ['ROOT_ID'], excluded: [1, 3] });
  });
});
