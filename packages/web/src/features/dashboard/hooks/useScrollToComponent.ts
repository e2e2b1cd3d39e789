import { useEffect, useRef } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { componentOfChart, tabsForComponent } from '../page/anchorTabs';
import { selectLayout } from '../page/layoutBridge';
import { dashboardStateActions, selectDashboardState } from '../state/dashboardStateSlice';

const HIGHLIGHT_MS = 3000;

/**
 * Once the dashboard is drawn, brings the address's anchor (a component id) or focused chart into view: the tabs holding
 * it become active, then it scrolls into view; a focused chart is outlined for a moment. Runs once per dashboard load.
 */
export function useScrollToComponent(ready: boolean, anchor: string | null, focusedChartId: number | null): void {
  const dispatch = useDispatch();
  const store = useStore();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current || (!anchor && focusedChartId === null)) return undefined;
    const layout = selectLayout(store.getState() as never);
    const target = focusedChartId !== null ? componentOfChart(layout, focusedChartId) : anchor;
    if (!target) return undefined;
    const tabs = tabsForComponent(layout, target, selectDashboardState(store.getState() as object).activeTabs);
    if (tabs) dispatch(dashboardStateActions.setActiveTabs(tabs));
    let clearHighlight: ReturnType<typeof setTimeout> | undefined;
    // Let the tab switch render first.
    const timer = setTimeout(() => {
      // Marked here, not before: a re-run of the effect (StrictMode) cancels the timer and must try again.
      done.current = true;
      const element = document.getElementById(target);
      if (!element) return;
      element.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      if (focusedChartId !== null) {
        element.setAttribute('data-focused', 'true');
        element.style.outline = '2px solid #20a7c9';
        clearHighlight = setTimeout(() => {
          element.removeAttribute('data-focused');
          element.style.outline = '';
        }, HIGHLIGHT_MS);
      }
    }, 50);
    return () => {
      clearTimeout(timer);
      if (clearHighlight) clearTimeout(clearHighlight);
    };
  }, [ready, anchor, focusedChartId, dispatch, store]);
}
