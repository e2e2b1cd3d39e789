import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { useStore } from 'react-redux';
import { useCreateDashboardPermalinkMutation } from '../../../api/dashboardApi';
import { parseDashboardAddress, permalinkUrlParams } from '../page/dashboardAddress';
import { selectDashboardState } from '../state/dashboardStateSlice';

/**
 * Makes a permalink of the dashboard as shown now (facts §2.5): its filters' data mask, the open tabs, the anchor and the
 * display parameters of the address. Resolves to the absolute permalink URL.
 */
export function useDashboardPermalink(): (anchor?: string | null) => Promise<string> {
  const store = useStore();
  const location = useLocation();
  const [createPermalink] = useCreateDashboardPermalinkMutation();
  return useCallback(
    async (anchor?: string | null) => {
      const state = selectDashboardState(store.getState() as object);
      if (state.id === null) throw new Error('The dashboard is not loaded');
      const answer = await createPermalink({
        idOrSlug: state.id,
        state: {
          dataMask: state.dataMask,
          activeTabs: state.activeTabs,
          anchor: anchor ?? parseDashboardAddress(location.search, location.hash).anchor,
          urlParams: permalinkUrlParams(location.search),
        },
      }).unwrap();
      return new URL(answer.url, window.location.origin).toString();
    },
    [store, location.search, location.hash, createPermalink],
  );
}
