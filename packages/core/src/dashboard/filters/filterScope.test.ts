import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterScope } from '../jsonMetadata.js';
import { GRID_ID, ROOT_ID, type DashboardLayout, type LayoutComponent, type LayoutComponentType } from '../layoutTypes.js';
import { chartsInScope, crossFilterChartsInScope, defaultFilterScope, tabsInScope } from './filterScope.js';

/** A layout tree before ids are given: what the generator draws. */
interface TreeNode {
  type: LayoutComponentType;
  chartId?: number;
  children: TreeNode[];
}

const chartLeaf = fc.record({ type: fc.constant<LayoutComponentType>('CHART'), chartId: fc.integer({ min: 1, max: 12 }), children: fc.constant<TreeNode[]>([]) });
const markdownLeaf = fc.record({ type: fc.constant<LayoutComponentType>('MARKDOWN'), children: fc.constant<TreeNode[]>([]) });

const trees = fc.letrec<{ node: TreeNode; tab: TreeNode; root: TreeNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    chartLeaf,
    markdownLeaf,
    fc.record({ type: fc.constantFrom<LayoutComponentType>('ROW', 'COLUMN'), children: fc.array(tie('node'), { maxLength: 4 }) }),
    fc.record({ type: fc.constant<LayoutComponentType>('TABS'), children: fc.array(tie('tab'), { maxLength: 3 }) }),
  ),
  tab: fc.record({ type: fc.constant<LayoutComponentType>('TAB'), children: fc.array(tie('node'), { maxLength: 3 }) }),
  // ROOT holds the GRID (rows of charts) or top-level TABS, as the page saves it.
  root: fc.oneof(
    fc.record({ type: fc.constant<LayoutComponentType>('GRID'), children: fc.array(tie('node'), { maxLength: 4 }) }),
    fc.record({ type: fc.constant<LayoutComponentType>('TABS'), children: fc.array(tie('tab'), { maxLength: 3 }) }),
  ),
}));

interface Flat {
  layout: DashboardLayout;
  /** Every component id with its ancestors (self included), from the tree itself, not from the layout map. */
  ancestry: Map<string, string[]>;
  tabIds: string[];
}

function flatten(top: TreeNode): Flat {
  const layout: DashboardLayout = {};
  const ancestry = new Map<string, string[]>();
  const tabIds: string[] = [];
  let counter = 0;
  const add = (node: TreeNode, parents: string[], fixedId?: string): string => {
    const id = fixedId ?? `${node.type}-${(counter += 1)}`;
    const path = [...parents, id];
    ancestry.set(id, path);
    if (node.type === 'TAB') tabIds.push(id);
    const component: LayoutComponent = { id, type: node.type, children: [], parents, meta: node.chartId !== undefined ? { chartId: node.chartId } : {} };
    layout[id] = component;
    component.children = node.children.map((child) => add(child, path));
    return id;
  };
  const rootChild = add(top, [ROOT_ID], top.type === 'GRID' ? GRID_ID : undefined);
  layout[ROOT_ID] = { id: ROOT_ID, type: 'ROOT', children: [rootChild], meta: {} };
  ancestry.set(ROOT_ID, [ROOT_ID]);
  return { layout, ancestry, tabIds };
}

const layouts = trees.root.map(flatten);

/** A layout with a scope drawn from its own tab ids (plus an unknown one) and chart ids. */
const layoutsAndScopes = layouts.chain((flat) =>
  fc
    .record({
      rootPath: fc.subarray([ROOT_ID, ...flat.tabIds, 'TAB-unknown']),
      excluded: fc.subarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
    })
    .map((scope): [Flat, FilterScope] => [flat, scope]),
);

/** The oracle: charts with one placement under a root (by the tree's own ancestry), minus the excluded. */
function expectedCharts(flat: Flat, scope: FilterScope): Set<number> {
  const out = new Set<number>();
  for (const [id, path] of flat.ancestry) {
    const c = flat.layout[id];
    if (c?.type !== 'CHART' || typeof c.meta.chartId !== 'number') continue;
    if (path.some((a) => scope.rootPath.includes(a)) && !scope.excluded.includes(c.meta.chartId)) out.add(c.meta.chartId);
  }
  return out;
}

describe('chartsInScope', () => {
  const layout = flatten({
    type: 'TABS',
    children: [
      { type: 'TAB', children: [{ type: 'ROW', children: [{ type: 'CHART', chartId: 1, children: [] }, { type: 'CHART', chartId: 2, children: [] }] }] },
      { type: 'TAB', children: [{ type: 'CHART', chartId: 3, children: [] }] },
    ],
  });
  const [tab1, tab2] = layout.tabIds as [string, string];

  it('reaches every chart with the default scope, in layout order', () => {
    expect(defaultFilterScope()).toEqual({ rootPath: [ROOT_ID], excluded: [] });
    expect(chartsInScope(layout.layout, defaultFilterScope())).toEqual([1, 2, 3]);
  });

  it('keeps to the tabs of rootPath and leaves the excluded charts out', () => {
    expect(chartsInScope(layout.layout, { rootPath: [tab2], excluded: [] })).toEqual([3]);
    expect(chartsInScope(layout.layout, { rootPath: [tab1], excluded: [2] })).toEqual([1]);
    expect(chartsInScope(layout.layout, { rootPath: ['TAB-gone'], excluded: [] })).toEqual([]);
  });

  it('names the tabs holding a chart in scope', () => {
    expect(tabsInScope(layout.layout, { rootPath: [ROOT_ID], excluded: [3] })).toEqual([tab1]);
    expect(tabsInScope(layout.layout, defaultFilterScope())).toEqual([tab1, tab2]);
  });

  it('never lets a cross-filter reach the chart that emits it', () => {
    expect(crossFilterChartsInScope(layout.layout, 2, defaultFilterScope())).toEqual([1, 3]);
  });

  it('property: returns exactly the charts under a root that are not excluded, each once', () => {
    fc.assert(
      fc.property(layoutsAndScopes, ([flat, scope]) => {
        const result = chartsInScope(flat.layout, scope);
        expect(new Set(result).size).toBe(result.length);
        expect(new Set(result)).toEqual(expectedCharts(flat, scope));
        for (const id of scope.excluded) expect(result).not.toContain(id);
      }),
      { numRuns: 300 },
    );
  });

  it('property: a tab is in scope exactly when it holds a chart in scope', () => {
    fc.assert(
      fc.property(layoutsAndScopes, ([flat, scope]) => {
        const charts = new Set(chartsInScope(flat.layout, scope));
        const expected = flat.tabIds.filter((tab) =>
          [...flat.ancestry].some(([id, path]) => {
            const c = flat.layout[id];
            return c?.type === 'CHART' && path.includes(tab) && charts.has(c.meta.chartId as number);
          }),
        );
        expect(tabsInScope(flat.layout, scope)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('property: a cross-filter reaches its scope minus the emitting chart', () => {
    fc.assert(
      fc.property(layoutsAndScopes, fc.integer({ min: 1, max: 12 }), ([flat, scope], emitter) => {
        const expected = chartsInScope(flat.layout, scope).filter((id) => id !== emitter);
        expect(crossFilterChartsInScope(flat.layout, emitter, scope)).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('property: a layout with cycles and dangling children still answers, within the reachable charts', () => {
    const cyclic = layoutsAndScopes.chain(([flat, scope]) => {
      const ids = Object.keys(flat.layout);
      return fc
        .array(fc.tuple(fc.constantFrom(...ids), fc.oneof(fc.constantFrom(...ids), fc.constant('MISSING-1'))), { minLength: 1, maxLength: 4 })
        .map((edges): [DashboardLayout, FilterScope] => {
          const layout: DashboardLayout = structuredClone(flat.layout);
          for (const [from, to] of edges) layout[from]!.children.push(to);
          return [layout, scope];
        });
    });
    fc.assert(
      fc.property(cyclic, ([layout, scope]) => {
        const result = chartsInScope(layout, scope);
        // Reachability by breadth-first walk: the oracle for graphs that are no longer trees.
        const seen = new Set<string>();
        const queue = scope.rootPath.filter((id) => layout[id]);
        while (queue.length > 0) {
          const id = queue.shift() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          for (const child of layout[id]?.children ?? []) if (layout[child]) queue.push(child);
        }
        const reachable = new Set([...seen].map((id) => layout[id]!).filter((c) => c.type === 'CHART').map((c) => c.meta.chartId as number));
        for (const id of scope.excluded) reachable.delete(id);
        expect(new Set(result)).toEqual(reachable);
        expect(new Set(result).size).toBe(result.length);
        tabsInScope(layout, scope);
      }),
      { numRuns: 200 },
    );
  });
});
