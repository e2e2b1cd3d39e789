export { DashboardGrid, type DashboardGridProps } from './DashboardGrid';
export { markdownToHtml } from './markdownToHtml';
export { unitsToPx } from './gridWidth';
export { activeTabOf, withActiveTab } from './activeTabs';
export { serializeLayout, parseLayout, initialLayout, defaultLayout } from '../layout';
export {
  dashboardLayoutSlice,
  layoutLoaded,
  layoutEdited,
  layoutEdits,
  tryLayoutEdit,
  undo,
  redo,
  selectLayout,
  selectCanUndo,
  selectCanRedo,
  selectLayoutOverflowed,
  selectLayoutChanged,
  useLayoutDispatch,
  type DashboardLayoutState,
} from '../state/dashboardLayoutSlice';
