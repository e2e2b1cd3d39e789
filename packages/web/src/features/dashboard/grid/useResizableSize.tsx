import { useState, type ReactNode } from 'react';
import { GRID_BASE_UNIT, type LayoutComponent } from '@tessera/core';
import { ResizeHandles, type ResizeSize } from '../builder/ResizeHandles';
import { componentWidth } from '../layout/layoutRules';
import { useGridSettings } from './GridContext';
import { columnStepPx, unitsToPx } from './gridWidth';

export interface ResizableSize {
  /** Pixel size to draw, the live resize preview included. */
  width: number;
  height: number;
  /** The resize handles in edit mode (null otherwise): place them inside the sized, relatively positioned box. */
  handles: ReactNode;
}

/**
 * The drawn size of a grid component sized in grid units (chart, markdown, dynamic), and its resize handles.
 * `columnWidth` is the width its COLUMN imposes: the component then keeps that width and resizes in height only.
 */
export function useResizableSize(component: LayoutComponent, defaultHeight: number, columnWidth?: number): ResizableSize {
  const { containerWidth, editMode } = useGridSettings();
  const [preview, setPreview] = useState<ResizeSize | null>(null);
  const units = componentWidth(component);
  const heightUnits = typeof component.meta.height === 'number' ? component.meta.height : defaultHeight;
  const handles = editMode ? (
    <ResizeHandles
      id={component.id}
      width={units}
      height={heightUnits}
      columnStep={columnStepPx(containerWidth)}
      canResizeWidth={columnWidth === undefined}
      canResizeHeight
      onPreview={setPreview}
    />
  ) : null;
  return {
    width: unitsToPx(columnWidth ?? preview?.width ?? units, containerWidth),
    height: (preview?.height ?? heightUnits) * GRID_BASE_UNIT,
    handles,
  };
}
