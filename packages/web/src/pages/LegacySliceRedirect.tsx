import { Navigate, useLocation, useParams } from 'react-router';
import { ROUTES } from '../routes';

/**
 * `ROUTES.legacySlice` (`/superset/slice/N/`): the explorer on chart N, keeping the address's other parameters
 * (standalone); `ROUTES.legacyExplore` (`/superset/explore/?form_data=...`): the explorer with the same parameters.
 */
export function LegacySliceRedirect() {
  const { sliceId } = useParams();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  if (sliceId && /^\d+$/.test(sliceId)) params.set('slice_id', sliceId);
  return <Navigate to={`${ROUTES.explore}?${params.toString()}`} replace />;
}
