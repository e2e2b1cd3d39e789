import { Button, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '../utils/icons';

interface FavoriteStarProps {
  starred: boolean;
  name: string;
  onToggle: () => void;
}

/** The favourite toggle of a chart row or card. */
export function FavoriteStar({ starred, name, onToggle }: FavoriteStarProps) {
  return (
    <Tooltip title={starred ? 'Remove from favorites' : 'Add to favorites'}>
      <Button
        type="text"
        size="small"
        aria-label={`${starred ? 'Unstar' : 'Star'} ${name}`}
        aria-pressed={starred}
        data-test={starred ? 'favorite-selected' : 'favorite-unselected'}
        icon={starred ? <StarFilled style={{ color: '#fbc700' }} /> : <StarOutlined />}
        onClick={onToggle}
      />
    </Tooltip>
  );
}
