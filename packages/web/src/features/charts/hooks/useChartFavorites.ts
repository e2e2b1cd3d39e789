import { useAddChartFavoriteMutation, useChartFavoriteStatusQuery, useRemoveChartFavoriteMutation } from '../../../api/chartApi';
import { useFavorites, type FavoriteApi, type Favorites } from './useFavorites';

export const STAR_ERROR = 'An error occurred while starring this chart';

export const CHART_FAVORITES: FavoriteApi = {
  useStatusQuery: useChartFavoriteStatusQuery,
  useAddMutation: useAddChartFavoriteMutation,
  useRemoveMutation: useRemoveChartFavoriteMutation,
};

/** Star state of the charts on screen and the toggle. */
export function useChartFavorites(ids: readonly number[]): Favorites {
  return useFavorites(CHART_FAVORITES, ids, STAR_ERROR);
}
