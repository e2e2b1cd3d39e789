import { DASHBOARD_MESSAGES } from '@tessera/core';
// Deep imports, as ChartHolder's: the features' index files would pull the list pages into the dashboard's chunk.
import { FavoriteToggle } from '../../charts/components/FavoriteToggle';
import { DASHBOARD_FAVORITES } from '../../dashboards/hooks/useDashboardFavorites';

/** The dashboard's favourite star (`favorite_status`, POST/DELETE favorites; spec §8 messages on failure). */
export function FaveStar({ dashboardId }: { dashboardId: number }) {
  return (
    <FavoriteToggle
      api={DASHBOARD_FAVORITES}
      id={dashboardId}
      errorMessage={DASHBOARD_MESSAGES.favoriteFailed}
      statusErrorMessage={DASHBOARD_MESSAGES.favoriteStatusFailed}
      size="small"
    />
  );
}
