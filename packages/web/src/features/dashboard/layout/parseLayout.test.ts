import { describe, expect, it } from 'vitest';
import { DASHBOARD_VERSION_KEY, GRID_ID, ROOT_ID } from '@tessera/core';
import { defaultLayout, withMissingCharts } from './defaultLayout';
import { buildLayout, chart, row, sequentialIds } from './layoutTestUtils';
import { parseLayout } from './parseLayout';
import { serializeLayout } from './serializeLayout';
import { validateLayoutTree } from './validateLayoutTree';

describe('parseLayout / serializeLayout', () => {
  it('round-trips a layout, writing parents and the version key', () => {
    const layout = buildLayout([row('R1', [chart('C1', 1)])]);
    const text = serializeLayout(layout);
    const stored = JSON.parse(text) as Record<string, { parents?: string[] }>;
    expect(stored[DASHBOARD_VERSION_KEY]).toBe('v2');
    expect(stored.C1!.parents).toEqual([ROOT_ID, GRID_ID, 'R1']);
    expect(stored[ROOT_ID]!.parents).toBeUndefined();
    const parsed = parseLayout(text)!;
    expect(parsed.C1).toMatchObject({ id: 'C1', type: 'CHART', children: [], meta: { chartId: 1 } });
    expect(parsed[GRID_ID]!.children).toEqual(['R1']);
  });

  it('reads a Superset export: no meta on ROOT, unknown entries and dangling children dropped', () => {
    const text = JSON.stringify({
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { children: ['GRID_ID'], id: 'ROOT_ID', type: 'ROOT' },
      GRID_ID: { children: ['ROW-1', 'ROW-gone'], id: 'GRID_ID', parents: ['ROOT_ID'], type: 'GRID' },
      HEADER_ID: { id: 'HEADER_ID', meta: { text: 'Sales' }, type: 'HEADER' },
      'ROW-1': { children: ['CHART-1'], id: 'ROW-1', meta: { background: 'BACKGROUND_TRANSPARENT' }, type: 'ROW' },
      'CHART-1': { children: [], id: 'CHART-1', meta: { chartId: 7, height: 50, width: 4 }, type: 'CHART' },
      'WEIRD-1': { children: [], id: 'WEIRD-1', type: 'SPACESHIP' },
    });
    const layout = parseLayout(text)!;
    expect(layout[GRID_ID]!.children).toEqual(['ROW-1']);
    expect(layout['WEIRD-1']).toBeUndefined();
    expect(layout[ROOT_ID]!.meta).toEqual({});
    expect(validateLayoutTree(layout)).toEqual([]);
  });

  it('gives null for empty, broken or root-less text', () => {
    expect(parseLayout('')).toBeNull();
    expect(parseLayout(null)).toBeNull();
    expect(parseLayout('{not json')).toBeNull();
    expect(parseLayout('[]')).toBeNull();
    expect(parseLayout(JSON.stringify({ GRID_ID: { type: 'GRID', children: [] } }))).toBeNull();
  });

  it('keeps a child listed under two parents only under the first', () => {
    const text = JSON.stringify({
      ROOT_ID: { type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', children: ['R1', 'R2'] },
      R1: { type: 'ROW', children: ['C1'] },
      R2: { type: 'ROW', children: ['C1'] },
      C1: { type: 'CHART', children: [], meta: { chartId: 1, width: 4 } },
    });
    const layout = parseLayout(text)!;
    expect([...layout.R1!.children, ...layout.R2!.children]).toEqual(['C1']);
  });
});

describe('defaultLayout', () => {
  it('puts charts three to a row at the default size', () => {
    const charts = [1, 2, 3, 4].map((id) => ({ id, slice_name: `Chart ${id}` }));
    const layout = defaultLayout(charts, sequentialIds());
    expect(validateLayoutTree(layout)).toEqual([]);
    const rows = layout[GRID_ID]!.children.map((id) => layout[id]!);
    expect(rows.map((r) => r.children.length)).toEqual([3, 1]);
    expect(layout[rows[0]!.children[0]!]!.meta).toMatchObject({ chartId: 1, sliceName: 'Chart 1', width: 4, height: 50 });
  });

  it('adds charts the stored layout misses at the end of the first top-level tab', () => {
    const base = buildLayout([], ['TABS-1', 'TABS', {}, [['TAB-1', 'TAB', {}, [row('R1', [chart('C1', 1)])]], ['TAB-2', 'TAB', {}, []]]]);
    const layout = withMissingCharts(base, [{ id: 1 }, { id: 2 }], sequentialIds());
    expect(layout['TAB-1']!.children).toHaveLength(2);
    expect(validateLayoutTree(layout)).toEqual([]);
    expect(withMissingCharts(base, [{ id: 1 }])).toBe(base);
  });
});
