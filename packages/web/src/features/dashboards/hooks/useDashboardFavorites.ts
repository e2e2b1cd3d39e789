import { DASHBOARD_MESSAGES } from '@tessera/core';
import { useAddDashboardFavoriteMutation, useDashboardFavoriteStatusQuery, useRemoveDashboardFavoriteMutation } from '../../../api/dashboardApi';
import { useFavorites, type FavoriteApi, type Favorites } from '../../charts';

export const DASHBOARD_FAVORITES: FavoriteApi = {
  useStatusQuery: useDashboardFavoriteStatusQuery,
  useAddMutation: useAddDashboardFavoriteMutation,
  useRemoveMutation: useRemoveDashboardFavoriteMutation,
};

/** Star state of the dashboards on screen and the toggle. */
export function useDashboardFavorites(ids: readonly number[]): Favorites {
  return useFavorites(DASHBOARD_FAVORITES, ids, DASHBOARD_MESSAGES.favoriteFailed);
}
