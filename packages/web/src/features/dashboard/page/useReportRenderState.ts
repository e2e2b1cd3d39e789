import { useEffect, useState, type RefObject } from 'react';

export type ReportRenderState = 'loading' | 'rendered';

/** What a chart slot shows once it is done: drawn, failed, empty, stopped, or the missing-chart warning. */
const SETTLED = [
  '[data-test="chart-container"][data-status="rendered"]',
  '[data-test="chart-container"][data-status="failed"]',
  '[data-test="chart-error"]',
  '[data-test="chart-empty"]',
  '[data-test="chart-stopped"]',
  '[data-test="missing-chart"]',
].join(',');

/** True when every chart slot under `root` shows a settled state (charts of hidden tabs are not drawn at all). */
export function chartsSettled(root: ParentNode): boolean {
  const slots = root.querySelectorAll('[data-test="dashboard-component-chart"]');
  for (const slot of slots) if (!slot.querySelector(SETTLED)) return false;
  return true;
}

/**
 * Report mode (`standalone=3`) tells a headless browser when the picture may be taken: 'rendered' once every chart
 * of the shown tabs has drawn or shown its error (core's STANDALONE_DASHBOARD). Checked on a short interval: chart
 * renderers finish on their own schedule and a MutationObserver would fire on every animation frame.
 */
export function useReportRenderState(enabled: boolean, root: RefObject<HTMLElement | null>): ReportRenderState {
  const [state, setState] = useState<ReportRenderState>('loading');
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = window.setInterval(() => {
      const node = root.current;
      const settled = node !== null && chartsSettled(node);
      setState(settled ? 'rendered' : 'loading');
    }, 200);
    return () => window.clearInterval(timer);
  }, [enabled, root]);
  return state;
}
