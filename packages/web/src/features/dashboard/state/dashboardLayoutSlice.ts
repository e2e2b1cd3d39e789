import { createSlice, original, type PayloadAction, type ThunkAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { UNDO_LIMIT, type DashboardLayout, type LayoutComponentType, type LayoutMeta } from '@tessera/core';
import { rootReducer } from '../../../app/store';
import { addToast } from '../../toasts';
import { idSourceFrom, newComponentId } from '../layout/componentIds';
import { addComponent } from '../layout/addComponent';
import { deleteComponent } from '../layout/deleteComponent';
import type { DropDestination, LayoutResult } from '../layout/layoutResult';
import { moveComponent } from '../layout/moveComponent';
import { typesCreatedBy, type NewComponentSpec } from '../layout/newComponent';
import { resizeComponent, type ResizeRequest } from '../layout/resizeComponent';
import { toggleTopLevelTabs } from '../layout/toggleTopLevelTabs';
import { updateComponentMeta } from '../layout/updateComponentMeta';

/**
 * The open dashboard's layout with undo (spec §4): only layout-changing actions are recorded, at most UNDO_LIMIT
 * steps back; when older steps had to be dropped `overflowed` is set (the page warns once, and the layout counts as
 * changed even with the history undone).
 */
export interface DashboardLayoutState {
  past: DashboardLayout[];
  present: DashboardLayout;
  future: DashboardLayout[];
  overflowed: boolean;
}

export const initialDashboardLayoutState: DashboardLayoutState = { past: [], present: {}, future: [], overflowed: false };

type NewIds = Partial<Record<LayoutComponentType, string>>;

function makeIds(types: LayoutComponentType[]): NewIds {
  return Object.fromEntries(types.map((type) => [type, newComponentId(type)]));
}

/** A layout edit as an action payload; ids of what it creates are made in `prepare` so the reducer stays pure. */
export type LayoutEdit =
  | { kind: 'add'; spec: NewComponentSpec; destination: DropDestination; ids: NewIds }
  | { kind: 'move'; id: string; destination: DropDestination; ids: NewIds }
  | { kind: 'delete'; id: string }
  | { kind: 'resize'; id: string; size: ResizeRequest }
  | { kind: 'meta'; id: string; meta: Partial<LayoutMeta> }
  | { kind: 'toggleTopLevelTabs'; ids: NewIds };

/** Applies an edit to a layout: the pure rules of `layout/`, shared by the reducer and the drop checks of the UI. */
export function applyLayoutEdit(layout: DashboardLayout, edit: LayoutEdit): LayoutResult {
  switch (edit.kind) {
    case 'add':
      return addComponent(layout, edit.spec, edit.destination, idSourceFrom(edit.ids));
    case 'move':
      return moveComponent(layout, edit.id, edit.destination, idSourceFrom(edit.ids));
    case 'delete':
      return deleteComponent(layout, edit.id);
    case 'resize':
      return resizeComponent(layout, edit.id, edit.size);
    case 'meta':
      return updateComponentMeta(layout, edit.id, edit.meta);
    case 'toggleTopLevelTabs':
      return toggleTopLevelTabs(layout, idSourceFrom(edit.ids));
  }
}

export const dashboardLayoutSlice = createSlice({
  name: 'dashboardLayout',
  initialState: initialDashboardLayoutState,
  reducers: {
    /** A dashboard opened, saved or discarded: this layout, with no history. */
    layoutLoaded(_state, { payload }: PayloadAction<DashboardLayout>) {
      return { past: [], present: payload, future: [], overflowed: false };
    },
    layoutEdited(state, { payload }: PayloadAction<LayoutEdit>) {
      // The ops share structure with the layout they get: hand them the stored object, not an immer draft.
      const base = original(state) ?? state;
      const result = applyLayoutEdit(base.present, payload);
      if (!result.ok || result.layout === base.present) return base;
      const past = [...base.past, base.present];
      const overflowed = base.overflowed || past.length > UNDO_LIMIT;
      return { past: past.slice(-UNDO_LIMIT), present: result.layout, future: [], overflowed };
    },
    undo(state) {
      const base = original(state) ?? state;
      const previous = base.past[base.past.length - 1];
      if (!previous) return base;
      return { ...base, past: base.past.slice(0, -1), present: previous, future: [base.present, ...base.future] };
    },
    redo(state) {
      const base = original(state) ?? state;
      const [next, ...future] = base.future;
      if (!next) return base;
      return { ...base, past: [...base.past, base.present].slice(-UNDO_LIMIT), present: next, future };
    },
  },
});

// Joins the app's store when the dashboard code loads (the other pages never carry it).
rootReducer.inject(dashboardLayoutSlice);

export const { layoutLoaded, layoutEdited, undo, redo } = dashboardLayoutSlice.actions;

/** Any root state: until the first action after injection the slice's key is absent, and the initial state is read. */
export type DashboardLayoutRootState = object;

export function selectDashboardLayoutState(state: DashboardLayoutRootState): DashboardLayoutState {
  return (state as { dashboardLayout?: DashboardLayoutState }).dashboardLayout ?? initialDashboardLayoutState;
}

export const selectLayout = (state: DashboardLayoutRootState) => selectDashboardLayoutState(state).present;
export const selectCanUndo = (state: DashboardLayoutRootState) => selectDashboardLayoutState(state).past.length > 0;
export const selectCanRedo = (state: DashboardLayoutRootState) => selectDashboardLayoutState(state).future.length > 0;
export const selectLayoutOverflowed = (state: DashboardLayoutRootState) => selectDashboardLayoutState(state).overflowed;
/** Spec §4: the layout is unsaved while there is history to undo, or once the history overflowed. */
export const selectLayoutChanged = (state: DashboardLayoutRootState) => {
  const layoutState = selectDashboardLayoutState(state);
  return layoutState.past.length > 0 || layoutState.overflowed;
};

export type LayoutDispatch = ThunkDispatch<DashboardLayoutRootState, unknown, UnknownAction>;

/** `dispatch` typed for the layout thunks (`tryLayoutEdit` answers whether the edit was made). */
export const useLayoutDispatch = () => useDispatch<LayoutDispatch>();

/** One component of the present layout (components select their own entry, so an edit re-renders only its branch). */
export const selectLayoutComponent = (state: DashboardLayoutRootState, id: string) => selectLayout(state)[id];

/** Action creators for each edit; the ids of what they create are made here. */
export const layoutEdits = {
  add: (spec: NewComponentSpec, destination: DropDestination): LayoutEdit => ({ kind: 'add', spec, destination, ids: makeIds(typesCreatedBy(spec)) }),
  move: (id: string, destination: DropDestination): LayoutEdit => ({ kind: 'move', id, destination, ids: makeIds(['ROW', 'TAB']) }),
  delete: (id: string): LayoutEdit => ({ kind: 'delete', id }),
  resize: (id: string, size: ResizeRequest): LayoutEdit => ({ kind: 'resize', id, size }),
  meta: (id: string, meta: Partial<LayoutMeta>): LayoutEdit => ({ kind: 'meta', id, meta }),
  toggleTopLevelTabs: (): LayoutEdit => ({ kind: 'toggleTopLevelTabs', ids: makeIds(['TABS', 'TAB']) }),
};

/**
 * Checks an edit against the present layout and records it; a refused one shows its message (spec §5) as a warning
 * toast instead. Answers whether the edit was made.
 */
export function tryLayoutEdit(edit: LayoutEdit): ThunkAction<boolean, DashboardLayoutRootState, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const result = applyLayoutEdit(selectLayout(getState()), edit);
    if (!result.ok) {
      if (result.message) dispatch(addToast('WARNING_TOAST', result.message));
      return false;
    }
    dispatch(layoutEdited(edit));
    return true;
  };
}
