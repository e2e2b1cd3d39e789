import { Divider } from 'antd';
import type { LayoutComponent } from '@tessera/core';
import { EditChrome } from '../builder/EditChrome';
import { useGridSettings } from './GridContext';

/** A DIVIDER: a full-width rule. */
export function DividerView({ component }: { component: LayoutComponent }) {
  const { editMode } = useGridSettings();
  return (
    <EditChrome id={component.id} editMode={editMode}>
      <div id={component.id} data-test="dashboard-component-divider" style={{ padding: editMode ? '8px 0' : 0 }}>
        <Divider style={{ margin: '8px 0' }} />
      </div>
    </EditChrome>
  );
}
