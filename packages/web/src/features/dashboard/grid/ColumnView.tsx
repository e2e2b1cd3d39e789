import { useState } from 'react';
import { theme } from 'antd';
import type { LayoutComponent } from '@tessera/core';
import { BackgroundMenu } from '../builder/BackgroundMenu';
import { EditChrome } from '../builder/EditChrome';
import { ResizeHandles } from '../builder/ResizeHandles';
import { componentWidth } from '../layout/layoutRules';
import { useGridSettings } from './GridContext';
import { columnStepPx, unitsToPx } from './gridWidth';
import { StackedChildren } from './StackedChildren';

/** A COLUMN: components stacked at the column's width; its right edge resizes it in edit mode. */
export function ColumnView({ component }: { component: LayoutComponent }) {
  const { editMode, containerWidth } = useGridSettings();
  const { token } = theme.useToken();
  const [preview, setPreview] = useState<number | null>(null);
  const width = preview ?? componentWidth(component);
  const white = component.meta.background === 'BACKGROUND_WHITE';
  return (
    <EditChrome id={component.id} editMode={editMode} tools={<BackgroundMenu id={component.id} value={component.meta.background} />}>
      <div
        id={component.id}
        data-test="dashboard-component-column"
        style={{
          width: unitsToPx(width, containerWidth),
          minHeight: editMode ? 48 : undefined,
          position: 'relative',
          background: white ? token.colorBgContainer : undefined,
          outline: editMode ? `1px dashed ${token.colorBorder}` : undefined,
        }}
      >
        <StackedChildren parentId={component.id} childIds={component.children} columnWidth={width} />
        {editMode ? (
          <ResizeHandles
            id={component.id}
            width={componentWidth(component)}
            height={0}
            columnStep={columnStepPx(containerWidth)}
            canResizeWidth
            canResizeHeight={false}
            onPreview={(size) => setPreview(size ? size.width : null)}
          />
        ) : null}
      </div>
    </EditChrome>
  );
}
