import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { dashboardStateActions, selectDashboardState } from '../state/dashboardStateSlice';
import { staggerPlan } from './staggerPlan';

/**
 * Runs the dashboard's charts again every `refreshFrequency` seconds (0: never), staggered and skipping
 * `timed_refresh_immune_slices` (facts §4.4). Superset's default auto-refresh mode is "force", so each run bypasses the cache.
 */
export function useAutoRefresh(): void {
  const dispatch = useDispatch();
  const seconds = useSelector((state: object) => selectDashboardState(state).refreshFrequency);
  const charts = useSelector((state: object) => selectDashboardState(state).charts);
  const metadata = useSelector((state: object) => selectDashboardState(state).metadata);
  useEffect(() => {
    if (!seconds || seconds <= 0) return undefined;
    const pending = new Set<ReturnType<typeof setTimeout>>();
    const tick = () => {
      const plan = staggerPlan(Object.keys(charts).map(Number), {
        immune: metadata.timed_refresh_immune_slices,
        staggerRefresh: metadata.stagger_refresh,
        staggerTime: metadata.stagger_time,
      });
      for (const { chartId, delay } of plan) {
        if (delay === 0) {
          dispatch(dashboardStateActions.refreshCharts({ chartIds: [chartId], force: true }));
          continue;
        }
        const timer = setTimeout(() => {
          pending.delete(timer);
          dispatch(dashboardStateActions.refreshCharts({ chartIds: [chartId], force: true }));
        }, delay);
        pending.add(timer);
      }
    };
    const interval = setInterval(tick, seconds * 1000);
    return () => {
      clearInterval(interval);
      for (const timer of pending) clearTimeout(timer);
    };
  }, [dispatch, seconds, charts, metadata.timed_refresh_immune_slices, metadata.stagger_refresh, metadata.stagger_time]);
}
