import { describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES, GRID_ID, UNDO_LIMIT } from '@tessera/core';
import { createAppStore } from '../../../app/store';
import { selectToasts } from '../../toasts';
import { buildLayout, chart, row } from '../layout/layoutTestUtils';
import {
  layoutEdited,
  layoutEdits,
  layoutLoaded,
  redo,
  selectCanRedo,
  selectCanUndo,
  selectLayout,
  selectLayoutChanged,
  selectLayoutOverflowed,
  tryLayoutEdit,
  undo,
} from './dashboardLayoutSlice';

function loadedStore() {
  const store = createAppStore();
  store.dispatch(layoutLoaded(buildLayout([row('R1', [chart('C1', 1, 4)])])));
  return store;
}

describe('dashboardLayoutSlice', () => {
  it('starts empty and unchanged, and loading clears history', () => {
    const store = createAppStore();
    expect(selectLayout(store.getState())).toEqual({});
    store.dispatch(layoutLoaded(buildLayout([])));
    store.dispatch(layoutEdited(layoutEdits.add({ type: 'DIVIDER' }, { parentId: GRID_ID, index: 0 })));
    expect(selectCanUndo(store.getState())).toBe(true);
    store.dispatch(layoutLoaded(buildLayout([])));
    expect(selectCanUndo(store.getState())).toBe(false);
    expect(selectLayoutChanged(store.getState())).toBe(false);
  });

  it('undoes and redoes edits; a new edit clears redo', () => {
    const store = loadedStore();
    const loaded = selectLayout(store.getState());
    store.dispatch(layoutEdited(layoutEdits.resize('C1', { width: 6 })));
    expect(selectLayout(store.getState()).C1!.meta.width).toBe(6);
    expect(selectLayoutChanged(store.getState())).toBe(true);
    store.dispatch(undo());
    expect(selectLayout(store.getState())).toBe(loaded);
    expect(selectCanRedo(store.getState())).toBe(true);
    expect(selectLayoutChanged(store.getState())).toBe(false);
    store.dispatch(redo());
    expect(selectLayout(store.getState()).C1!.meta.width).toBe(6);
    store.dispatch(undo());
    store.dispatch(layoutEdited(layoutEdits.resize('C1', { height: 20 })));
    expect(selectCanRedo(store.getState())).toBe(false);
  });

  it('records no step for an edit that changes nothing or is refused', () => {
    const store = loadedStore();
    store.dispatch(layoutEdited(layoutEdits.resize('C1', { width: 4 })));
    store.dispatch(layoutEdited(layoutEdits.add({ type: 'HEADER' }, { parentId: 'R1', index: 0 })));
    expect(selectCanUndo(store.getState())).toBe(false);
  });

  it(`keeps ${UNDO_LIMIT} steps and flags the overflow`, () => {
    const store = loadedStore();
    for (let i = 0; i < UNDO_LIMIT; i += 1) store.dispatch(layoutEdited(layoutEdits.resize('C1', { height: 10 + i })));
    expect(selectLayoutOverflowed(store.getState())).toBe(false);
    store.dispatch(layoutEdited(layoutEdits.resize('C1', { height: 90 })));
    expect(selectLayoutOverflowed(store.getState())).toBe(true);
    let undos = 0;
    while (selectCanUndo(store.getState())) {
      store.dispatch(undo());
      undos += 1;
    }
    expect(undos).toBe(UNDO_LIMIT);
    // The first edit's starting point is gone: the layout is still the first edit's result, and counts as changed.
    expect(selectLayout(store.getState()).C1!.meta.height).toBe(10);
    expect(selectLayoutChanged(store.getState())).toBe(true);
  });

  it('tryLayoutEdit shows the spec message as a warning toast for a refused drop', () => {
    const store = createAppStore();
    store.dispatch(layoutLoaded(buildLayout([row('R1', [chart('C1', 1, 6), chart('C2', 2, 6)])])));
    const made = store.dispatch(tryLayoutEdit(layoutEdits.add({ type: 'MARKDOWN' }, { parentId: 'R1', index: 0 })));
    expect(made).toBe(false);
    expect(selectToasts(store.getState())).toEqual([expect.objectContaining({ toastType: 'WARNING_TOAST', text: DASHBOARD_MESSAGES.noSpace })]);
    expect(store.dispatch(tryLayoutEdit(layoutEdits.add({ type: 'MARKDOWN' }, { parentId: GRID_ID, index: 1 })))).toBe(true);
    expect(selectLayout(store.getState())[GRID_ID]!.children).toHaveLength(2);
  });
});
