import { useSelector } from 'react-redux';
import type { LayoutComponent } from '@tessera/core';
import { selectLayout, type DashboardLayoutRootState } from '../state/dashboardLayoutSlice';

/**
 * One component of the present layout. Edits replace only the entries they change, so a component re-renders only
 * when its own entry does (a 200-component layout redraws one branch per edit).
 */
export function useLayoutComponent(id: string): LayoutComponent | undefined {
  return useSelector((state: DashboardLayoutRootState) => selectLayout(state)[id]);
}
