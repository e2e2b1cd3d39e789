import { Button, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useAddChartFavoriteMutation, useChartFavoriteStatusQuery, useRemoveChartFavoriteMutation } from '../../../api/chartApi';
import { useToasts } from '../../toasts';

export const STAR_ERROR = 'An error occurred while starring this chart';

/** The favourite star of a saved chart. */
export function StarToggle({ chartId }: { chartId: number }) {
  const { data } = useChartFavoriteStatusQuery([chartId]);
  const [add, { isLoading: adding }] = useAddChartFavoriteMutation();
  const [remove, { isLoading: removing }] = useRemoveChartFavoriteMutation();
  const { addDangerToast } = useToasts();
  const starred = data?.find((s) => s.id === chartId)?.value ?? false;
  const toggle = async () => {
    try {
      await (starred ? remove(chartId) : add(chartId)).unwrap();
    } catch {
      addDangerToast(STAR_ERROR);
    }
  };
  return (
    <Tooltip title={starred ? 'Unstar' : 'Star'}>
      <Button
        type="text"
        aria-label={starred ? 'Unstar' : 'Star'}
        aria-pressed={starred}
        loading={adding || removing}
        icon={starred ? <StarFilled style={{ color: '#fcc700' }} /> : <StarOutlined />}
        onClick={() => void toggle()}
        data-test="fave-unfave-icon"
      />
    </Tooltip>
  );
}
