import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { getCsrfToken } from '../../../api/csrfToken';
import { dashboardApi } from '../../../api/dashboardApi';
import { meApi } from '../../../api/meApi';

/** How long preloaded answers wait for the page to take them (the page's own queries use keepUnusedDataFor 0). */
const HOLD_MS = 30_000;

const held = new Map<string, () => void>();

type AnyDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/**
 * Starts the dashboard page's calls as soon as the address names a dashboard, while the page's code still loads and
 * `/me/` still answers: the dashboard, its charts and its datasets (the page subscribes to the same cache entries),
 * the user's roles (the page decides edit rights with them; the app asks for them only once `/me/` answered), and
 * the CSRF token the charts' data POSTs need. The answers are held until the page subscribed (or HOLD_MS).
 */
export function preloadDashboard(dispatch: AnyDispatch, idOrSlug: string): void {
  if (held.has(idOrSlug)) return;
  const subscriptions = [
    dispatch(dashboardApi.endpoints.getDashboard.initiate(idOrSlug)),
    dispatch(dashboardApi.endpoints.getDashboardCharts.initiate(idOrSlug)),
    dispatch(dashboardApi.endpoints.getDashboardDatasets.initiate(idOrSlug)),
  ];
  const release = () => {
    clearTimeout(timer);
    held.delete(idOrSlug);
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
  const timer = setTimeout(release, HOLD_MS);
  held.set(idOrSlug, release);
  dispatch(meApi.util.prefetch('getMyRoles', undefined, {}));
  void getCsrfToken();
}

/** The page subscribed to the dashboard's queries itself: the preload lets go of them. */
export function releaseDashboardPreload(idOrSlug: string | undefined): void {
  if (idOrSlug !== undefined) held.get(idOrSlug)?.();
}
