import { useEffect, useMemo } from 'react';
import { Button, Tooltip } from 'antd';
import { useToasts } from '../../toasts';
import { useFavorites, type FavoriteApi } from '../hooks/useFavorites';
import { StarFilled, StarOutlined } from '../utils/icons';

interface FavoriteToggleProps {
  /** A module constant (CHART_FAVORITES, DASHBOARD_FAVORITES). */
  api: FavoriteApi;
  id: number;
  /** Toasted when a star or unstar fails. */
  errorMessage: string;
  /** Toasted when the star state cannot be read; silent when absent. */
  statusErrorMessage?: string;
  size?: 'small' | 'middle';
}

/** The favourite star of one open object (a chart in the explorer, a dashboard's header). */
export function FavoriteToggle({ api, id, errorMessage, statusErrorMessage, size }: FavoriteToggleProps) {
  const ids = useMemo(() => [id], [id]);
  const favorites = useFavorites(api, ids, errorMessage);
  const { addDangerToast } = useToasts();
  const starred = favorites.isStarred(id);

  useEffect(() => {
    if (favorites.statusFailed && statusErrorMessage) addDangerToast(statusErrorMessage);
  }, [favorites.statusFailed, statusErrorMessage, addDangerToast]);

  return (
    <Tooltip title={starred ? 'Unstar' : 'Star'}>
      <Button
        type="text"
        size={size}
        aria-label={starred ? 'Unstar' : 'Star'}
        aria-pressed={starred}
        loading={favorites.pending}
        icon={starred ? <StarFilled style={{ color: '#fcc700' }} /> : <StarOutlined />}
        onClick={() => void favorites.toggle(id)}
        data-test="fave-unfave-icon"
      />
    </Tooltip>
  );
}
