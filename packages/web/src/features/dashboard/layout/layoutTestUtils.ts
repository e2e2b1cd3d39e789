import { GRID_ID, ROOT_ID, type DashboardLayout, type LayoutComponent, type LayoutComponentType, type LayoutMeta } from '@tessera/core';
import type { IdSource } from './componentIds';

/** Test helpers: predictable ids and a compact way to write layouts. */
export function sequentialIds(): IdSource {
  let n = 0;
  return (type) => `${type}-t${++n}`;
}

export type Node = [id: string, type: LayoutComponentType, meta?: LayoutMeta, children?: Node[]];

/** ROOT -> (GRID | top-level TABS) from nested tuples. */
export function buildLayout(top: Node[], rootChild: Node | null = null): DashboardLayout {
  const layout: DashboardLayout = {};
  const add = ([id, type, meta = {}, children = []]: Node): string => {
    const component: LayoutComponent = { id, type, meta: { ...meta }, children: children.map(add) };
    layout[id] = component;
    return id;
  };
  const gridChildren = rootChild ? [] : top.map(add);
  layout[GRID_ID] = { id: GRID_ID, type: 'GRID', children: gridChildren, meta: {} };
  layout[ROOT_ID] = { id: ROOT_ID, type: 'ROOT', children: [rootChild ? add(rootChild) : GRID_ID], meta: {} };
  return layout;
}

export const chart = (id: string, chartId: number, width = 4, height = 50): Node => [id, 'CHART', { chartId, width, height }];
export const row = (id: string, children: Node[]): Node => [id, 'ROW', { background: 'BACKGROUND_TRANSPARENT' }, children];
export const column = (id: string, width: number, children: Node[]): Node => [id, 'COLUMN', { width }, children];
