import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_POSITION_DATA_LIMIT } from './constants.js';
import { layoutChartIds, LAYOUT_TOO_LARGE, validateLayout, validatePositionJson } from './validateLayout.js';

/** A small valid layout: ROOT > GRID > ROW > [CHART(1) w4, COLUMN w8 > MARKDOWN]. */
function base(): Record<string, any> {
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: 'Title' } },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'COLUMN-1'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
    'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 1, width: 4, height: 50 } },
    'COLUMN-1': { id: 'COLUMN-1', type: 'COLUMN', children: ['MARKDOWN-1'], meta: { width: 8 } },
    'MARKDOWN-1': { id: 'MARKDOWN-1', type: 'MARKDOWN', children: [], meta: { width: 8, height: 50, code: '# hi' } },
  };
}

describe('validateLayout', () => {
  it('accepts a well-formed layout, an empty one and Superset export quirks', () => {
    expect(validateLayout(base())).toBeNull();
    expect(validateLayout({})).toBeNull();
    expect(validateLayout({ DASHBOARD_VERSION_KEY: 'v2' })).toBeNull();
    const quirks = base();
    // Superset's Video Game Sales export: a ROW meta holding stray keys, an orphan chart whose parents are stale.
    quirks['ROW-1'].meta = { '0': 'ROOT_ID', background: 'BACKGROUND_TRANSPARENT' };
    quirks['CHART-orphan'] = { id: 'CHART-orphan', type: 'CHART', children: [], meta: { chartId: 1, width: 4, height: 69 }, parents: ['ROOT_ID', 'COLUMN-gone'] };
    expect(validateLayout(quirks)).toBeNull();
  });

  it.each([
    ['not an object', () => [1, 2], 'The layout is not an object'],
    ['a component that is not an object', (l: any) => ({ ...l, 'ROW-2': 'x' }), 'Component ROW-2 is not an object'],
    ['an unknown type', (l: any) => ({ ...l, 'ROW-1': { ...l['ROW-1'], type: 'IFRAME' } }), 'Component ROW-1 has an unknown type: IFRAME'],
    ['a missing child', (l: any) => ({ ...l, 'ROW-1': { ...l['ROW-1'], children: ['CHART-1', 'CHART-9'] } }), 'Component ROW-1 lists a child that does not exist: CHART-9'],
    ['a component with two parents', (l: any) => ({ ...l, GRID_ID: { ...l.GRID_ID, children: ['ROW-1', 'CHART-1'] } }), 'Component CHART-1 has two parents: GRID_ID and ROW-1'],
    ['ROOT_ID missing', (l: any) => { const { ROOT_ID: _r, ...rest } = l; return rest; }, 'The layout has no ROOT_ID'],
    ['a row wider than 12 columns', (l: any) => ({ ...l, 'CHART-1': { ...l['CHART-1'], meta: { chartId: 1, width: 5, height: 50 } } }), 'Row ROW-1 is 13 columns wide, more than 12'],
    ['a zero width', (l: any) => ({ ...l, 'CHART-1': { ...l['CHART-1'], meta: { chartId: 1, width: 0, height: 50 } } }), 'Component CHART-1 has a width that is not an integer from 1 to 12'],
    ['a fractional height', (l: any) => ({ ...l, 'CHART-1': { ...l['CHART-1'], meta: { chartId: 1, width: 4, height: 2.5 } } }), 'Component CHART-1 has a height that is not an integer from 1 to 1000'],
    ['a chart without chartId', (l: any) => ({ ...l, 'CHART-1': { ...l['CHART-1'], meta: { width: 4, height: 50 } } }), 'Chart component CHART-1 has no valid chartId'],
    ['children not a list', (l: any) => ({ ...l, 'ROW-1': { ...l['ROW-1'], children: 'CHART-1' } }), 'Component ROW-1 has children that are not a list of ids'],
  ])('refuses %s', (_name, make, reason) => {
    expect(validateLayout(make(base()))).toBe(reason);
  });

  it('refuses cycles, including ones no parent of ROOT reaches', () => {
    const l = base();
    l['COLUMN-1'].children = ['MARKDOWN-1', 'ROW-1'];
    expect(validateLayout(l)).toMatch(/^Component ROW-1 has two parents|^The layout has a cycle/);
    const detached = base();
    detached['COLUMN-A'] = { type: 'COLUMN', children: ['COLUMN-B'], meta: {} };
    detached['COLUMN-B'] = { type: 'COLUMN', children: ['COLUMN-A'], meta: {} };
    expect(validateLayout(detached)).toMatch(/^The layout has a cycle through COLUMN-[AB]$/);
    const self = base();
    self['COLUMN-1'].children = ['COLUMN-1'];
    expect(validateLayout(self)).toBe('The layout has a cycle through COLUMN-1');
  });

  it('asks the caller whether each chart exists', () => {
    expect(validateLayout(base(), { chartExists: (id) => id === 1 })).toBeNull();
    expect(validateLayout(base(), { chartExists: () => false })).toBe('Chart component CHART-1 refers to chart 1, which does not exist');
    expect(layoutChartIds({ ...base(), 'CHART-2': { type: 'CHART', meta: { chartId: 7 } }, 'CHART-3': { type: 'CHART', meta: { chartId: 'x' } } })).toEqual([1, 7]);
  });

  it('checks the text size and JSON before the tree', () => {
    expect(validatePositionJson(JSON.stringify(base()))).toBeNull();
    expect(validatePositionJson('{')).toBe('The layout is not valid JSON');
    const big = JSON.stringify({ ...base(), HEADER_ID: { type: 'HEADER', meta: { text: 'x'.repeat(DASHBOARD_POSITION_DATA_LIMIT) } } });
    expect(validatePositionJson(big)).toBe(LAYOUT_TOO_LARGE);
  });

  it('accepts any generated tree of rows whose widths fit, and refuses it once a row overflows', () => {
    const rowsArb = fc.array(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const layout: Record<string, unknown> = { ROOT_ID: { type: 'ROOT', children: ['GRID_ID'] } };
        const rowIds: string[] = [];
        let chart = 0;
        rows.forEach((widths, r) => {
          const kids = widths.map((w) => {
            chart += 1;
            layout[`CHART-${chart}`] = { type: 'CHART', children: [], meta: { chartId: chart, width: w, height: 50 } };
            return `CHART-${chart}`;
          });
          layout[`ROW-${r}`] = { type: 'ROW', children: kids, meta: {} };
          rowIds.push(`ROW-${r}`);
        });
        layout.GRID_ID = { type: 'GRID', children: rowIds };
        const overflowing = rows.findIndex((w) => w.reduce((a, b) => a + b, 0) > 12);
        const reason = validateLayout(layout, { chartExists: (id) => id >= 1 && id <= chart });
        if (overflowing === -1) expect(reason).toBeNull();
        else expect(reason).toMatch(/^Row ROW-\d+ is \d+ columns wide, more than 12$/);
      }),
    );
  });

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const reason = validateLayout(value);
        expect(reason === null || typeof reason === 'string').toBe(true);
      }),
    );
  });
});
