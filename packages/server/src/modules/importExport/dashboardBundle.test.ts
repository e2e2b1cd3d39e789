import { describe, expect, it } from 'vitest';
import { bundleLayoutProblem, exportLayout, importLayout, layoutChartUuids } from './dashboardLayout.js';
import { exportMetadata, importMetadata, nativeFilterDatasetUuids } from './dashboardMetadata.js';

const U1 = 'aaaaaaaa-1111-4111-8111-111111111111';
const U2 = 'bbbbbbbb-2222-4222-8222-222222222222';
const U3 = 'cccccccc-3333-4333-8333-333333333333';

/** ROOT > GRID > ROW > two charts (ids 7 and 8 on the exporting server). */
function layout(): Record<string, any> {
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: 'Sales' } },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-a', 'CHART-b'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
    'CHART-a': { id: 'CHART-a', type: 'CHART', children: [], meta: { chartId: 7, width: 4, height: 50, uuid: U1 } },
    'CHART-b': { id: 'CHART-b', type: 'CHART', children: [], meta: { chartId: 8, width: 4, height: 50, uuid: U2 } },
  };
}

describe('dashboard layouts in bundles', () => {
  it('adds the chart uuid to every CHART on export and appends linked charts the layout lacks', () => {
    const stored = layout();
    delete stored['CHART-a'].meta.uuid;
    const out: Record<string, any> = exportLayout(
      stored,
      'Sales',
      [
        { id: 7, uuid: U1, slice_name: 'A' },
        { id: 9, uuid: U3, slice_name: 'C' },
      ],
      [7, 9],
    );
    expect(out['CHART-a'].meta).toMatchObject({ chartId: 7, uuid: U1 });
    // The stored layout is not changed by the export.
    expect(stored['CHART-a'].meta.uuid).toBeUndefined();
    expect(out.GRID_ID.children).toEqual(['ROW-1', 'ROW-N-1']);
    expect(out['ROW-N-1'].children).toEqual([`CHART-${U3}`]);
    expect(out[`CHART-${U3}`].meta).toEqual({ chartId: 9, height: 50, sliceName: 'C', uuid: U3, width: 4 });
    expect(bundleLayoutProblem(out)).toBeNull();
  });

  it('gives a dashboard without a layout the default one', () => {
    const out: Record<string, any> = exportLayout(null, 'Empty', [], []);
    expect(Object.keys(out)).toEqual(['DASHBOARD_VERSION_KEY', 'ROOT_ID', 'GRID_ID', 'HEADER_ID']);
    expect(out.HEADER_ID).toMatchObject({ meta: { text: 'Empty' } });
  });

  it('points CHART components at the ids their uuids have here, and maps old ids to new ones', () => {
    const { layout: imported, idMap } = importLayout(layout(), new Map([[U1, 101], [U2, 102]]));
    const out: Record<string, any> = imported;
    expect(out['CHART-a'].meta.chartId).toBe(101);
    expect(out['CHART-b'].meta.chartId).toBe(102);
    expect([...idMap]).toEqual([[7, 101], [8, 102]]);
    expect(layoutChartUuids(layout())).toEqual([U1, U2]);
  });

  it('refuses layouts that cannot be stored or resolved, with the reason', () => {
    const wide = layout();
    wide['CHART-a'].meta.width = 8;
    wide['CHART-b'].meta.width = 8;
    expect(bundleLayoutProblem(wide)).toMatch(/Row ROW-1 is 16 columns wide/);
    const noUuid = layout();
    delete noUuid['CHART-b'].meta.uuid;
    expect(bundleLayoutProblem(noUuid)).toBe('Chart component CHART-b has no meta.uuid naming its chart');
    const cycle = layout();
    cycle['CHART-a'].children = ['ROW-1'];
    expect(bundleLayoutProblem(cycle)).toMatch(/two parents|cycle/);
    const unknown = layout();
    unknown['ROW-1'].type = 'CAROUSEL';
    expect(bundleLayoutProblem(unknown)).toMatch(/unknown type: CAROUSEL/);
    const missing = layout();
    missing['ROW-1'].children.push('CHART-gone');
    expect(bundleLayoutProblem(missing)).toMatch(/child that does not exist: CHART-gone/);
    const huge = layout();
    huge['MARKDOWN-x'] = { id: 'MARKDOWN-x', type: 'MARKDOWN', children: [], meta: { code: 'x'.repeat(70_000) } };
    expect(bundleLayoutProblem(huge)).toMatch(/too large/);
    expect(bundleLayoutProblem({})).toBeNull();
  });
});

describe('dashboard metadata in bundles', () => {
  const metadata = () => ({
    positions: { stale: true },
    timed_refresh_immune_slices: [8, 99],
    expanded_slices: { '7': true },
    filter_scopes: { '7': { region: { scope: ['ROOT_ID'], immune: [8, 99] } } },
    default_filters: '{"8": {"region": ["EU"]}}',
    chart_configuration: {
      '7': { id: 7, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [7, 8] }, chartsInScope: [8] } },
      '99': { id: 99, crossFilters: { scope: 'global', chartsInScope: [] } },
    },
    global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [8] }, chartsInScope: [7, 8] },
    native_filter_configuration: [
      {
        id: 'NATIVE_FILTER-1',
        type: 'NATIVE_FILTER',
        targets: [{ datasetId: 3, column: { name: 'region' } }],
        scope: { rootPath: ['ROOT_ID'], excluded: [8] },
        chartsInScope: [7],
      },
    ],
    color_scheme: 'supersetColors',
  });

  it('writes dataset uuids for native filter targets and drops positions on export', () => {
    const out = exportMetadata(metadata(), new Map([[3, U3]]));
    expect(out.positions).toBeUndefined();
    expect((out.native_filter_configuration as any)[0].targets).toEqual([{ column: { name: 'region' }, datasetUuid: U3 }]);
    expect(out.chart_configuration).toEqual(metadata().chart_configuration);
    expect(nativeFilterDatasetUuids(out)).toEqual([U3]);
  });

  it('moves every chart reference to the new ids on import and drops charts the dashboard lost', () => {
    const exported = exportMetadata(metadata(), new Map([[3, U3]]));
    const idMap = new Map([[7, 101], [8, 102]]);
    const out = importMetadata(exported, idMap, new Map([[U3, 30]])) as any;
    expect(out.timed_refresh_immune_slices).toEqual([102]);
    expect(out.expanded_slices).toEqual({ '101': true });
    expect(out.filter_scopes).toEqual({ '101': { region: { scope: ['ROOT_ID'], immune: [102] } } });
    expect(JSON.parse(out.default_filters)).toEqual({ '102': { region: ['EU'] } });
    expect(out.chart_configuration).toEqual({
      '101': { id: 101, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [101, 102] }, chartsInScope: [102] } },
    });
    expect(out.global_chart_configuration).toEqual({ scope: { rootPath: ['ROOT_ID'], excluded: [102] }, chartsInScope: [101, 102] });
    expect(out.native_filter_configuration[0]).toMatchObject({
      targets: [{ column: { name: 'region' }, datasetId: 30 }],
      scope: { rootPath: ['ROOT_ID'], excluded: [102] },
      chartsInScope: [101],
    });
    expect(out.color_scheme).toBe('supersetColors');
  });
});
