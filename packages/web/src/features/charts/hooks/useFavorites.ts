import { useMemo } from 'react';
import { useToasts } from '../../toasts';

export interface Favorites {
  isStarred: (id: number) => boolean;
  toggle: (id: number) => Promise<void>;
  /** A star or unstar is in flight. */
  pending: boolean;
  /** The star states could not be read. */
  statusFailed: boolean;
}

interface MutationState {
  isLoading: boolean;
}

/** A resource's favorite endpoints as RTK Query hooks (charts', dashboards'). */
export interface FavoriteApi {
  useStatusQuery: (ids: number[], options: { skip: boolean }) => { data?: readonly { id: number; value: boolean }[] | undefined; isError: boolean };
  useAddMutation: () => readonly [(id: number) => { unwrap: () => Promise<unknown> }, MutationState, ...unknown[]];
  useRemoveMutation: () => readonly [(id: number) => { unwrap: () => Promise<unknown> }, MutationState, ...unknown[]];
}

/**
 * Star state of the objects on screen (one `favorite_status` call per page) and the toggle, for any resource with
 * favorites. `api` must be a module constant: its hooks are called on every render.
 */
export function useFavorites(api: FavoriteApi, ids: readonly number[], errorMessage: string): Favorites {
  const sorted = useMemo(() => [...ids].sort((a, b) => a - b), [ids]);
  const { data, isError } = api.useStatusQuery(sorted, { skip: sorted.length === 0 });
  const [add, adding] = api.useAddMutation();
  const [remove, removing] = api.useRemoveMutation();
  const pending = adding.isLoading || removing.isLoading;
  const { addDangerToast } = useToasts();

  return useMemo(() => {
    const starred = new Set((data ?? []).filter((status) => status.value).map((status) => status.id));
    return {
      isStarred: (id) => starred.has(id),
      toggle: async (id) => {
        try {
          await (starred.has(id) ? remove(id) : add(id)).unwrap();
        } catch {
          addDangerToast(errorMessage);
        }
      },
      pending,
      statusFailed: isError,
    };
  }, [data, isError, pending, add, remove, addDangerToast, errorMessage]);
}
