import { CHART_FAVORITES, FavoriteToggle, STAR_ERROR } from '../../charts';

/** The favourite star of a saved chart. */
export function StarToggle({ chartId }: { chartId: number }) {
  return <FavoriteToggle api={CHART_FAVORITES} id={chartId} errorMessage={STAR_ERROR} />;
}
