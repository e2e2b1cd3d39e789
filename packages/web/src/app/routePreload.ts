import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { matchPath } from 'react-router';
import { ROUTES } from '../routes';

/**
 * Work a page opened by its address can start before the app has rendered anything: a dashboard's page code and
 * its data calls leave together with `/me/` instead of one after the other (each waited on the last before).
 * Loaded lazily, so other pages' first load carries none of it.
 */
export function startRoutePreload(dispatch: ThunkDispatch<unknown, unknown, UnknownAction>, location: { pathname: string; search: string }): void {
  const dashboard = matchPath(ROUTES.dashboard, location.pathname);
  const idOrSlug = dashboard?.params.idOrSlug;
  // A permalink names its dashboard in its stored state: nothing to start before it answers.
  if (!idOrSlug || new URLSearchParams(location.search).has('permalink_key')) return;
  void import('../pages/DashboardPage').catch(() => undefined);
  void import('../features/dashboard/page/preloadDashboard').then(
    (m) => m.preloadDashboard(dispatch, idOrSlug),
    () => undefined,
  );
}
