import { useCallback, useState } from 'react';

const storageKey = (dashboardId: number | null) => `tessera.filterBar.collapsed.${dashboardId ?? 'new'}`;

function readCollapsed(dashboardId: number | null): boolean {
  try {
    return window.localStorage.getItem(storageKey(dashboardId)) === 'true';
  } catch {
    return false;
  }
}

/**
 * Whether the vertical bar is folded to its strip, kept per dashboard in the browser (open by default). `expand`
 * (the address's `expand_filters`) decides how the page opens, over what was kept.
 */
export function useFilterBarCollapsed(dashboardId: number | null, expand: boolean | null = null): [boolean, (collapsed: boolean) => void] {
  const initial = () => (expand === null ? readCollapsed(dashboardId) : !expand);
  const [state, setState] = useState(() => ({ dashboardId, collapsed: initial() }));
  const current = state.dashboardId === dashboardId ? state : { dashboardId, collapsed: initial() };
  if (current !== state) setState(current);
  const setCollapsed = useCallback(
    (collapsed: boolean) => {
      setState({ dashboardId, collapsed });
      try {
        window.localStorage.setItem(storageKey(dashboardId), String(collapsed));
      } catch {
        // Private mode or a full storage: the bar still folds, for this page only.
      }
    },
    [dashboardId],
  );
  return [current.collapsed, setCollapsed];
}
