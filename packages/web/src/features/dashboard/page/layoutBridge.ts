/**
 * What the page takes from the grid and builder (helper W-GRID's layout slice, layout functions and components), in
 * one place so the page's files do not each depend on where those live.
 */
export { parseLayout, initialLayout, serializeLayout } from '../layout';
export {
  layoutLoaded,
  undo,
  redo,
  selectLayout,
  selectCanUndo,
  selectCanRedo,
  selectLayoutOverflowed,
  selectLayoutChanged,
} from '../state/dashboardLayoutSlice';
export { DashboardGrid } from '../grid';

/** The builder panel, loaded only when edit mode opens. */
export const loadBuilderPanel = () => import('../builder');
