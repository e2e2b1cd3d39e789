import { useCallback, useMemo, useRef } from 'react';
import { useSelector, useStore } from 'react-redux';
import { theme } from 'antd';
import { ROOT_ID } from '@tessera/core';
import { DropZone } from '../builder/DropZone';
import type { DragPayload } from '../builder/dragState';
import { useUndoRedoKeys } from '../builder/useUndoRedoKeys';
import { selectLayout, type DashboardLayoutRootState } from '../state/dashboardLayoutSlice';
import { selectDashboardState } from '../state/dashboardStateSlice';
import { GridContext, type GridSettings } from './GridContext';
import { StackedChildren } from './StackedChildren';
import { TabsView } from './TabsView';
import { useContainerWidth } from './useContainerWidth';
import { useLayoutComponent } from './useLayoutComponent';

export interface DashboardGridProps {
  /** Report mode (`standalone=3`): every chart queries at once. */
  reportMode?: boolean;
  /** Hide the top-level tab bar (uiConfig bit 2). */
  hideTab?: boolean;
  /** Show raw HTML in markdown as text. */
  escapeMarkdownHtml?: boolean;
  /** A fixed width in px instead of the measured one (tests, fixed-size renders). */
  width?: number;
}

// Room on the left for the drag handles of rows in edit mode.
const EDIT_GUTTER = 28;

/**
 * The open dashboard's layout (the store's present layout): ROOT's top-level TABS or its GRID, and every component
 * below. Reads edit mode from the dashboard state; in edit mode adds drop targets, handles and undo/redo keys.
 */
export function DashboardGrid({ reportMode = false, hideTab = false, escapeMarkdownHtml = false, width }: DashboardGridProps) {
  const { token } = theme.useToken();
  const ref = useRef<HTMLDivElement>(null);
  const containerWidth = useContainerWidth(ref, width);
  const editMode = useSelector((state: object) => selectDashboardState(state).editMode) && !reportMode;
  const rootChildId = useSelector((state: DashboardLayoutRootState) => selectLayout(state)[ROOT_ID]?.children[0]);
  const rootChild = useLayoutComponent(rootChildId ?? '');
  const store = useStore<DashboardLayoutRootState>();
  useUndoRedoKeys(editMode);
  const settings = useMemo<GridSettings>(
    () => ({ containerWidth, editMode, reportMode, escapeMarkdownHtml }),
    [containerWidth, editMode, reportMode, escapeMarkdownHtml],
  );
  // The dashboard's top takes a TABS only (new or moved): it becomes the top-level tabs.
  const accepts = useCallback(
    (payload: DragPayload) => (payload.kind === 'new' ? payload.spec.type === 'TABS' : selectLayout(store.getState())[payload.id]?.type === 'TABS'),
    [store],
  );
  const empty = rootChild?.type === 'GRID' && rootChild.children.length === 0;
  return (
    <GridContext value={settings}>
      <div data-test="dashboard-grid" className="dashboard-grid" style={{ paddingLeft: editMode ? EDIT_GUTTER : 0 }}>
        {editMode && rootChild?.type !== 'TABS' ? <DropZone parentId={ROOT_ID} index={0} orientation="horizontal" accepts={accepts} /> : null}
        <div ref={ref}>
          {rootChild?.type === 'TABS' ? (
            <TabsView component={rootChild} hideTabBar={hideTab} />
          ) : rootChild ? (
            <div id={rootChild.id} data-test="dashboard-component-grid" style={{ minHeight: editMode ? 120 : undefined }}>
              <StackedChildren parentId={rootChild.id} childIds={rootChild.children} />
            </div>
          ) : null}
          {editMode && empty ? (
            <div data-test="dashboard-empty-grid" style={{ color: token.colorTextSecondary, textAlign: 'center', padding: 24 }}>
              Drag and drop components and charts to the dashboard
            </div>
          ) : null}
        </div>
      </div>
    </GridContext>
  );
}
