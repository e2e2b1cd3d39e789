import type { DashboardListItem } from '@tessera/core';

/** The dashboard page: `/superset/dashboard/<slug or id>/` (the server's `url`, rebuilt when an older answer lacks it). */
export const dashboardHref = (dashboard: Pick<DashboardListItem, 'id' | 'slug' | 'url'>) =>
  dashboard.url || `/superset/dashboard/${dashboard.slug ? encodeURIComponent(dashboard.slug) : dashboard.id}/`;

/** A new dashboard opens in edit mode (Superset's "+ Dashboard"). */
export const dashboardEditHref = (id: number) => `/superset/dashboard/${id}/?edit=true`;
