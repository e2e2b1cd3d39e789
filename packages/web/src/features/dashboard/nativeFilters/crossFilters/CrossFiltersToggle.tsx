import { useDispatch, useSelector } from 'react-redux';
import { Switch } from 'antd';
import { isActiveCrossFilter } from '@tessera/core';
import { dashboardStateActions, selectDashboardState } from '../../state/dashboardStateSlice';
import { useSaveCrossFilterConfig } from './useSaveCrossFilterConfig';

/**
 * The bar settings' "Enable cross-filtering" switch (editors): saves `cross_filters_enabled` at once. Switching off
 * drops the cross-filters set so far, as Superset does.
 */
export function CrossFiltersToggle() {
  const dispatch = useDispatch();
  const enabled = useSelector((s: object) => selectDashboardState(s).metadata.cross_filters_enabled !== false);
  const masks = useSelector((s: object) => selectDashboardState(s).dataMask);
  const { save, status } = useSaveCrossFilterConfig();
  const onChange = async (next: boolean) => {
    if (!(await save({ cross_filters_enabled: next })) || next) return;
    for (const mask of Object.values(masks)) if (isActiveCrossFilter(mask)) dispatch(dashboardStateActions.clearDataMask(mask.id));
  };
  return (
    <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
      <Switch size="small" checked={enabled} loading={status === 'begin'} onChange={(next) => void onChange(next)} data-test="cross-filters-enabled-switch" />
      Enable cross-filtering
    </label>
  );
}
