import { ExploreView } from '../features/explore';

/** `ROUTES.explore` and `ROUTES.explorePermalink`: the chart explorer (features/explore). */
export function ExplorePage() {
  return (
    <div data-test="explore-page">
      <ExploreView />
    </div>
  );
}
