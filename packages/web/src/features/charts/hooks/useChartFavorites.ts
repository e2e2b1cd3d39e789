import { useMemo } from 'react';
import { useAddChartFavoriteMutation, useChartFavoriteStatusQuery, useRemoveChartFavoriteMutation } from '../../../api/chartApi';
import { useToasts } from '../../toasts';

export const STAR_ERROR = 'An error occurred while starring this chart';

export interface ChartFavorites {
  isStarred: (id: number) => boolean;
  toggle: (id: number) => Promise<void>;
}

/** Star state of the charts on screen (one `favorite_status` call per page) and the toggle. */
export function useChartFavorites(ids: readonly number[]): ChartFavorites {
  const sorted = useMemo(() => [...ids].sort((a, b) => a - b), [ids]);
  const { data } = useChartFavoriteStatusQuery(sorted, { skip: sorted.length === 0 });
  const [add] = useAddChartFavoriteMutation();
  const [remove] = useRemoveChartFavoriteMutation();
  const { addDangerToast } = useToasts();

  return useMemo(() => {
    const starred = new Set((data ?? []).filter((status) => status.value).map((status) => status.id));
    return {
      isStarred: (id) => starred.has(id),
      toggle: async (id) => {
        try {
          await (starred.has(id) ? remove(id) : add(id)).unwrap();
        } catch {
          addDangerToast(STAR_ERROR);
        }
      },
    };
  }, [data, add, remove, addDangerToast]);
}
