import { useState } from 'react';
import { theme } from 'antd';
import { GRID_BASE_UNIT, GRID_DEFAULT_CHART_HEIGHT, type LayoutComponent } from '@tessera/core';
import { EditChrome } from '../builder/EditChrome';
import { ResizeHandles, type ResizeSize } from '../builder/ResizeHandles';
import { componentWidth } from '../layout/layoutRules';
import { useGridSettings } from './GridContext';
import { columnStepPx, unitsToPx } from './gridWidth';

/** A DYNAMIC component (extension slot): a placeholder box of its size. */
export function DynamicView({ component, columnWidth }: { component: LayoutComponent; columnWidth?: number }) {
  const { containerWidth, editMode } = useGridSettings();
  const { token } = theme.useToken();
  const [preview, setPreview] = useState<ResizeSize | null>(null);
  const units = componentWidth(component);
  const heightUnits = typeof component.meta.height === 'number' ? component.meta.height : GRID_DEFAULT_CHART_HEIGHT;
  return (
    <EditChrome id={component.id} editMode={editMode}>
      <div
        id={component.id}
        data-test="dashboard-component-dynamic"
        style={{
          width: unitsToPx(columnWidth ?? preview?.width ?? units, containerWidth),
          height: (preview?.height ?? heightUnits) * GRID_BASE_UNIT,
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
        {editMode ? (
          <ResizeHandles
            id={component.id}
            width={units}
            height={heightUnits}
            columnStep={columnStepPx(containerWidth)}
            canResizeWidth={columnWidth === undefined}
            canResizeHeight
            onPreview={setPreview}
          />
        ) : null}
      </div>
    </EditChrome>
  );
}
