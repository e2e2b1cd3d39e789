import { describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES, GRID_ID, GRID_MAX_ROW_UNITS, GRID_MIN_ROW_UNITS, NEW_TAB_TEXT, ROOT_ID, type DashboardLayout } from '@tessera/core';
import { addComponent } from './addComponent';
import { deleteComponent } from './deleteComponent';
import type { LayoutResult } from './layoutResult';
import { chart, column, buildLayout, row, sequentialIds } from './layoutTestUtils';
import { moveComponent } from './moveComponent';
import { resizeComponent } from './resizeComponent';
import { toggleTopLevelTabs } from './toggleTopLevelTabs';
import { updateComponentMeta } from './updateComponentMeta';
import { validateLayoutTree } from './validateLayoutTree';

function layoutOf(result: LayoutResult): DashboardLayout {
  if (!result.ok) throw new Error(`refused: ${result.message ?? ''}`);
  expect(validateLayoutTree(result.layout)).toEqual([]);
  return result.layout;
}

const twoRows = () => buildLayout([row('R1', [chart('C1', 1), chart('C2', 2)]), row('R2', [chart('C3', 3, 12)])]);

describe('add', () => {
  it('wraps a chart dropped on the grid in a new row at the drop position', () => {
    const layout = layoutOf(addComponent(twoRows(), { type: 'CHART', chartId: 9, sliceName: 'Nine' }, { parentId: GRID_ID, index: 1 }, sequentialIds()));
    const newRowId = layout[GRID_ID]!.children[1]!;
    expect(layout[newRowId]!.type).toBe('ROW');
    const chartComponent = layout[layout[newRowId]!.children[0]!]!;
    expect(chartComponent).toMatchObject({ type: 'CHART', meta: { chartId: 9, sliceName: 'Nine', width: 4, height: 50 } });
  });

  it.each(['MARKDOWN', 'COLUMN', 'DYNAMIC'] as const)('wraps a new %s dropped on a tab in a row', (type) => {
    const base = buildLayout([], ['TABS-1', 'TABS', {}, [['TAB-1', 'TAB', { text: 'A' }, []]]]);
    const layout = layoutOf(addComponent(base, { type }, { parentId: 'TAB-1', index: 0 }, sequentialIds()));
    const wrapper = layout[layout['TAB-1']!.children[0]!]!;
    expect(wrapper.type).toBe('ROW');
    expect(layout[wrapper.children[0]!]!.type).toBe(type);
  });

  it('does not wrap headers and dividers', () => {
    const layout = layoutOf(addComponent(twoRows(), { type: 'HEADER' }, { parentId: GRID_ID, index: 0 }, sequentialIds()));
    expect(layout[layout[GRID_ID]!.children[0]!]).toMatchObject({ type: 'HEADER', meta: { text: 'New header' } });
  });

  it('gives a new TABS its first tab', () => {
    const layout = layoutOf(addComponent(twoRows(), { type: 'TABS' }, { parentId: GRID_ID, index: 2 }, sequentialIds()));
    const tabs = layout[layout[GRID_ID]!.children[2]!]!;
    expect(tabs.type).toBe('TABS');
    expect(tabs.children).toHaveLength(1);
    expect(layout[tabs.children[0]!]).toMatchObject({ type: 'TAB', meta: { text: NEW_TAB_TEXT } });
  });

  it('shrinks a chart to the space a row has left, and refuses with the spec message when there is none', () => {
    const base = buildLayout([row('R1', [chart('C1', 1, 4), chart('C2', 2, 6)])]);
    const shrunk = layoutOf(addComponent(base, { type: 'CHART', chartId: 3 }, { parentId: 'R1', index: 2 }, sequentialIds()));
    expect(shrunk['CHART-t1']!.meta.width).toBe(2);
    const full = buildLayout([row('R1', [chart('C1', 1, 6), chart('C2', 2, 6)])]);
    expect(addComponent(full, { type: 'MARKDOWN' }, { parentId: 'R1', index: 0 }, sequentialIds())).toEqual({
      ok: false,
      message: DASHBOARD_MESSAGES.noSpace,
    });
  });

  it('refuses what a container does not take, without a message', () => {
    expect(addComponent(twoRows(), { type: 'HEADER' }, { parentId: 'R1', index: 0 }, sequentialIds())).toEqual({ ok: false });
    expect(addComponent(twoRows(), { type: 'ROW' }, { parentId: 'C1', index: 0 }, sequentialIds())).toEqual({ ok: false });
    expect(addComponent(twoRows(), { type: 'DIVIDER' }, { parentId: 'nope', index: 0 }, sequentialIds())).toEqual({ ok: false });
  });

  it('does not add a chart the layout already holds', () => {
    expect(addComponent(twoRows(), { type: 'CHART', chartId: 2 }, { parentId: GRID_ID, index: 0 }, sequentialIds()).ok).toBe(false);
  });

  it('does not nest columns', () => {
    const base = buildLayout([row('R1', [column('COL1', 6, [row('R2', [chart('C1', 1, 3)])])])]);
    expect(addComponent(base, { type: 'COLUMN' }, { parentId: 'R2', index: 1 }, sequentialIds()).ok).toBe(false);
  });

  it('makes top-level tabs of a TABS dropped on the root, holding what the grid held', () => {
    const layout = layoutOf(addComponent(twoRows(), { type: 'TABS' }, { parentId: ROOT_ID, index: 0 }, sequentialIds()));
    const tabs = layout[layout[ROOT_ID]!.children[0]!]!;
    expect(tabs.type).toBe('TABS');
    expect(layout[tabs.children[0]!]!.children).toEqual(['R1', 'R2']);
    expect(layout[GRID_ID]!.children).toEqual([]);
  });
});

describe('move', () => {
  it('reorders inside a container, counting the index before the move', () => {
    const layout = layoutOf(moveComponent(twoRows(), 'C1', { parentId: 'R1', index: 2 }, sequentialIds()));
    expect(layout.R1!.children).toEqual(['C2', 'C1']);
    expect(moveComponent(twoRows(), 'C1', { parentId: 'R1', index: 1 }, sequentialIds())).toEqual({ ok: true, layout: twoRows() });
  });

  it('wraps a chart moved onto the grid in a row and removes the row it left empty', () => {
    const layout = layoutOf(moveComponent(twoRows(), 'C3', { parentId: GRID_ID, index: 0 }, sequentialIds()));
    expect(layout.R2).toBeUndefined();
    expect(layout[GRID_ID]!.children).toEqual(['ROW-t1', 'R1']);
    expect(layout['ROW-t1']!.children).toEqual(['C3']);
  });

  it('refuses a move that would make a row wider than 12 columns when the chart cannot shrink enough', () => {
    const base = buildLayout([row('R1', [chart('C1', 1, 6), chart('C2', 2, 6)]), row('R2', [chart('C3', 3, 4)])]);
    expect(moveComponent(base, 'C3', { parentId: 'R1', index: 0 }, sequentialIds())).toEqual({ ok: false, message: DASHBOARD_MESSAGES.noSpace });
  });

  it('refuses a row wider than the column it is moved into', () => {
    const base = buildLayout([row('R1', [column('COL1', 3, [])]), row('R2', [chart('C1', 1, 4)])]);
    expect(moveComponent(base, 'R2', { parentId: 'COL1', index: 0 }, sequentialIds())).toEqual({ ok: false, message: DASHBOARD_MESSAGES.noSpace });
  });

  it('refuses moving the top-level tabs, or one of their tabs, into nested tabs', () => {
    const base = buildLayout(
      [],
      ['TABS-top', 'TABS', {}, [
        ['TAB-a', 'TAB', { text: 'A' }, [['TABS-inner', 'TABS', {}, [['TAB-x', 'TAB', { text: 'X' }, []]]]]],
        ['TAB-b', 'TAB', { text: 'B' }, []],
      ]],
    );
    expect(moveComponent(base, 'TAB-b', { parentId: 'TABS-inner', index: 0 }, sequentialIds())).toEqual({
      ok: false,
      message: DASHBOARD_MESSAGES.topLevelTabIntoNested,
    });
    expect(moveComponent(base, 'TABS-top', { parentId: 'TAB-x', index: 0 }, sequentialIds())).toEqual({
      ok: false,
      message: DASHBOARD_MESSAGES.topLevelTabIntoNested,
    });
    // Reordering the top-level tabs is fine.
    expect(layoutOf(moveComponent(base, 'TAB-b', { parentId: 'TABS-top', index: 0 }, sequentialIds()))['TABS-top']!.children).toEqual(['TAB-b', 'TAB-a']);
  });

  it('refuses moving a component into itself', () => {
    const base = buildLayout([['TABS-1', 'TABS', {}, [['TAB-1', 'TAB', {}, []]]]]);
    expect(moveComponent(base, 'TABS-1', { parentId: 'TAB-1', index: 0 }, sequentialIds()).ok).toBe(false);
  });

  it('removes a TABS whose last tab moved away', () => {
    const base = buildLayout([['TABS-1', 'TABS', {}, [['TAB-1', 'TAB', {}, []]]], ['TABS-2', 'TABS', {}, [['TAB-2', 'TAB', {}, []]]]]);
    const layout = layoutOf(moveComponent(base, 'TAB-1', { parentId: 'TABS-2', index: 1 }, sequentialIds()));
    expect(layout['TABS-1']).toBeUndefined();
    expect(layout[GRID_ID]!.children).toEqual(['TABS-2']);
  });

  it('makes an existing TABS top-level when dropped on the root', () => {
    const base = buildLayout([row('R1', [chart('C1', 1)]), ['TABS-1', 'TABS', {}, [['TAB-1', 'TAB', {}, []]]]]);
    const layout = layoutOf(moveComponent(base, 'TABS-1', { parentId: ROOT_ID, index: 0 }, sequentialIds()));
    expect(layout[ROOT_ID]!.children).toEqual(['TABS-1']);
    expect(layout['TAB-1']!.children).toEqual(['R1']);
  });
});

describe('delete', () => {
  it('removes the subtree and a row left empty', () => {
    const base = buildLayout([row('R1', [column('COL1', 4, [chart('C1', 1), chart('C2', 2)])]), row('R2', [chart('C3', 3)])]);
    const layout = layoutOf(deleteComponent(base, 'COL1'));
    expect(['COL1', 'C1', 'C2', 'R1'].filter((id) => layout[id])).toEqual([]);
    expect(layout[GRID_ID]!.children).toEqual(['R2']);
  });

  it('keeps a row that still has children', () => {
    const layout = layoutOf(deleteComponent(twoRows(), 'C1'));
    expect(layout.R1!.children).toEqual(['C2']);
  });

  it('puts the grid back when the last top-level tab is deleted', () => {
    const base = buildLayout([], ['TABS-top', 'TABS', {}, [['TAB-a', 'TAB', {}, [row('R1', [chart('C1', 1)])]]]]);
    const layout = layoutOf(deleteComponent(base, 'TAB-a'));
    expect(layout[ROOT_ID]!.children).toEqual([GRID_ID]);
    expect(layout.C1).toBeUndefined();
  });

  it('never deletes the root or the grid', () => {
    expect(deleteComponent(twoRows(), ROOT_ID).ok).toBe(false);
    expect(deleteComponent(twoRows(), GRID_ID).ok).toBe(false);
  });
});

describe('resize', () => {
  it('snaps width to whole columns within the free space of the row', () => {
    const base = twoRows();
    expect(layoutOf(resizeComponent(base, 'C1', { width: 5.4 })).C1!.meta.width).toBe(5);
    expect(layoutOf(resizeComponent(base, 'C1', { width: 20 })).C1!.meta.width).toBe(8);
    expect(layoutOf(resizeComponent(base, 'C1', { width: 0 })).C1!.meta.width).toBe(1);
  });

  it('snaps height to units between the minimum and maximum', () => {
    expect(layoutOf(resizeComponent(twoRows(), 'C1', { height: 2 })).C1!.meta.height).toBe(GRID_MIN_ROW_UNITS);
    expect(layoutOf(resizeComponent(twoRows(), 'C1', { height: 1000 })).C1!.meta.height).toBe(GRID_MAX_ROW_UNITS);
    expect(layoutOf(resizeComponent(twoRows(), 'C1', { height: 30.6 })).C1!.meta.height).toBe(31);
  });

  it('keeps a column at least as wide as its widest row', () => {
    const base = buildLayout([row('R1', [column('COL1', 6, [row('R2', [chart('C1', 1, 3), chart('C2', 2, 2)])])])]);
    expect(layoutOf(resizeComponent(base, 'COL1', { width: 1 })).COL1!.meta.width).toBe(5);
  });

  it('changes nothing (same layout object) when the size is the same or the width does not apply', () => {
    const base = buildLayout([row('R1', [column('COL1', 6, [chart('C1', 1)])])]);
    expect(resizeComponent(base, 'C1', { width: 2 })).toEqual({ ok: true, layout: base });
    const same = resizeComponent(base, 'COL1', { width: 6 });
    expect(same.ok && same.layout).toBe(base);
  });
});

describe('update meta', () => {
  it('edits markdown, header, tab and chart name override; refuses other keys and bad values', () => {
    const base = buildLayout([['H1', 'HEADER', { text: 'x', headerSize: 'SMALL_HEADER' }], row('R1', [chart('C1', 1), ['M1', 'MARKDOWN', { code: '' }]])]);
    expect(layoutOf(updateComponentMeta(base, 'M1', { code: '# hi' })).M1!.meta.code).toBe('# hi');
    expect(layoutOf(updateComponentMeta(base, 'H1', { text: 'T', headerSize: 'LARGE_HEADER' })).H1!.meta).toMatchObject({ text: 'T', headerSize: 'LARGE_HEADER' });
    const renamed = layoutOf(updateComponentMeta(base, 'C1', { sliceNameOverride: 'Mine' }));
    expect(renamed.C1!.meta.sliceNameOverride).toBe('Mine');
    expect('sliceNameOverride' in layoutOf(updateComponentMeta(renamed, 'C1', { sliceNameOverride: '' })).C1!.meta).toBe(false);
    expect(updateComponentMeta(base, 'C1', { chartId: 5 }).ok).toBe(false);
    expect(updateComponentMeta(base, 'H1', { headerSize: 'HUGE' as never }).ok).toBe(false);
  });
});

describe('toggle top-level tabs', () => {
  it('round-trips: the grid content goes into one tab and comes back', () => {
    const on = layoutOf(toggleTopLevelTabs(twoRows(), sequentialIds()));
    expect(on[ROOT_ID]!.children).toEqual(['TABS-t1']);
    expect(on['TAB-t2']!.children).toEqual(['R1', 'R2']);
    const off = layoutOf(toggleTopLevelTabs(on, sequentialIds()));
    expect(off[ROOT_ID]!.children).toEqual([GRID_ID]);
    expect(off[GRID_ID]!.children).toEqual(['R1', 'R2']);
    expect(off['TABS-t1']).toBeUndefined();
  });
});
