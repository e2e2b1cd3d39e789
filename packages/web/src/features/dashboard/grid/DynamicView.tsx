import { theme } from 'antd';
import { GRID_DEFAULT_CHART_HEIGHT, type LayoutComponent } from '@tessera/core';
import { EditChrome } from '../builder/EditChrome';
import { useGridSettings } from './GridContext';
import { useResizableSize } from './useResizableSize';

/** A DYNAMIC component (extension slot): a placeholder box of its size. */
export function DynamicView({ component, columnWidth }: { component: LayoutComponent; columnWidth?: number }) {
  const { editMode } = useGridSettings();
  const { token } = theme.useToken();
  const { width, height, handles } = useResizableSize(component, GRID_DEFAULT_CHART_HEIGHT, columnWidth);
  return (
    <EditChrome id={component.id} editMode={editMode}>
      <div
        id={component.id}
        data-test="dashboard-component-dynamic"
        style={{
          width,
          height,
          position: 'relative',
          border: `1px dashed ${token.colorBorder}`,
          borderRadius: token.borderRadius,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: token.colorTextSecondary,
        }}
      >
        Dynamic component
        {handles}
      </div>
    </EditChrome>
  );
}
