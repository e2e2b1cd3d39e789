import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { parseExploreUrl, type ExploreUrlParams } from '../utils/exploreUrlParams';

/** What the address asks the explorer to open (see parseExploreUrl). */
export function useBootstrapArgs(): ExploreUrlParams {
  const [params] = useSearchParams();
  const { key } = useParams();
  const search = params.toString();
  return useMemo(() => parseExploreUrl(search, key), [search, key]);
}
