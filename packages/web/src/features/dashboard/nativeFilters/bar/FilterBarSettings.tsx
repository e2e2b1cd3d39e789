import { useState } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { CrossFilterScopingModal, CrossFiltersToggle } from '../crossFilters';
import type { FilterBarOrientation } from './filterBarOrientation';

export interface FilterBarSettingsProps {
  orientation: FilterBarOrientation;
  onEditFilters: () => void;
  onOrientationChange: (orientation: FilterBarOrientation) => void;
}

/**
 * The editors' gear menu of the bar (Superset's FilterBarSettings): cross-filtering on or off and its scoping, edit
 * filters, and where the bar sits.
 */
export function FilterBarSettings({ orientation, onEditFilters, onOrientationChange }: FilterBarSettingsProps) {
  const [scoping, setScoping] = useState(false);
  const items: MenuProps['items'] = [
    // The switch acts by itself; a click on its row must not close the menu before it does.
    { key: 'cross-filters', label: <CrossFiltersToggle /> },
    { key: 'cross-filter-scoping', label: 'Cross-filtering scoping' },
    { type: 'divider' },
    { key: 'edit', label: 'Add or edit filters' },
    {
      key: 'orientation',
      label: 'Orientation of filter bar',
      children: [
        { key: 'VERTICAL', label: `${orientation === 'VERTICAL' ? '✓ ' : ''}Vertical (Left)` },
        { key: 'HORIZONTAL', label: `${orientation === 'HORIZONTAL' ? '✓ ' : ''}Horizontal (Top)` },
      ],
    },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'edit') onEditFilters();
    else if (key === 'cross-filter-scoping') setScoping(true);
    else if ((key === 'VERTICAL' || key === 'HORIZONTAL') && key !== orientation) onOrientationChange(key);
  };
  return (
    <>
      <Dropdown menu={{ items, onClick, selectable: false }} trigger={['click']} placement="bottomRight">
        <Button type="text" size="small" icon={<SettingOutlined />} aria-label="Filter bar settings" data-test="filterbar-action-buttons-settings" />
      </Dropdown>
      {scoping ? <CrossFilterScopingModal open onClose={() => setScoping(false)} /> : null}
    </>
  );
}
