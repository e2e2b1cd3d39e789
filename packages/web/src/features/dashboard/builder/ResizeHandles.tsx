import { useEffect, useRef, type MouseEvent as ReactMouseEvent } from 'react';
import { useStore } from 'react-redux';
import { GRID_BASE_UNIT, GRID_MAX_ROW_UNITS, GRID_MIN_ROW_UNITS } from '@tessera/core';
import { minimumWidth } from '../layout/layoutRules';
import { maximumWidth } from '../layout/resizeComponent';
import { layoutEdits, selectLayout, tryLayoutEdit, type DashboardLayoutRootState, useLayoutDispatch } from '../state/dashboardLayoutSlice';

export interface ResizeSize {
  width: number;
  height: number;
}

export interface ResizeHandlesProps {
  id: string;
  /** Current size in units (columns, GRID_BASE_UNIT rows). */
  width: number;
  height: number;
  /** Px one column step spans (with its gutter). */
  columnStep: number;
  canResizeWidth: boolean;
  canResizeHeight: boolean;
  /** The size while dragging (null when the drag ends), so the component can draw it live. */
  onPreview: (size: ResizeSize | null) => void;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Handles on the right edge (width in columns), the bottom edge (height in units) and the corner (both). Sizes snap
 * to whole units while dragging; the drop records one undo step.
 */
export function ResizeHandles({ id, width, height, columnStep, canResizeWidth, canResizeHeight, onPreview }: ResizeHandlesProps) {
  const dispatch = useLayoutDispatch();
  const store = useStore<DashboardLayoutRootState>();
  const cleanup = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanup.current?.(), []);

  const begin = (event: ReactMouseEvent, axes: { x: boolean; y: boolean }) => {
    event.preventDefault();
    event.stopPropagation();
    const layout = selectLayout(store.getState());
    const component = layout[id];
    if (!component) return;
    const minWidth = minimumWidth(layout, component);
    const maxWidth = Math.max(minWidth, maximumWidth(layout, id));
    const origin = { x: event.clientX, y: event.clientY };
    let size: ResizeSize = { width, height };
    const move = (e: MouseEvent) => {
      size = {
        width: axes.x ? clamp(width + Math.round((e.clientX - origin.x) / Math.max(1, columnStep)), minWidth, maxWidth) : width,
        height: axes.y ? clamp(height + Math.round((e.clientY - origin.y) / GRID_BASE_UNIT), GRID_MIN_ROW_UNITS, GRID_MAX_ROW_UNITS) : height,
      };
      onPreview(size);
    };
    const up = () => {
      cleanup.current?.();
      onPreview(null);
      dispatch(tryLayoutEdit(layoutEdits.resize(id, { width: axes.x ? size.width : undefined, height: axes.y ? size.height : undefined })));
    };
    document.addEventListener('mousemove', move);
    document.addEventListener('mouseup', up);
    cleanup.current = () => {
      document.removeEventListener('mousemove', move);
      document.removeEventListener('mouseup', up);
      cleanup.current = null;
    };
  };

  return (
    <>
      {canResizeWidth ? (
        <div
          data-test="resizable-container-handle-right"
          aria-label="Resize width"
          onMouseDown={(event) => begin(event, { x: true, y: false })}
          style={{ position: 'absolute', top: 0, right: -8, width: 12, height: '100%', cursor: 'ew-resize', zIndex: 2 }}
        />
      ) : null}
      {canResizeHeight ? (
        <div
          data-test="resizable-container-handle-bottom"
          aria-label="Resize height"
          onMouseDown={(event) => begin(event, { x: false, y: true })}
          style={{ position: 'absolute', left: 0, bottom: -8, height: 12, width: '100%', cursor: 'ns-resize', zIndex: 2 }}
        />
      ) : null}
      {canResizeWidth && canResizeHeight ? (
        <div
          data-test="resizable-container-handle-corner"
          aria-label="Resize"
          onMouseDown={(event) => begin(event, { x: true, y: true })}
          style={{ position: 'absolute', right: -8, bottom: -8, width: 16, height: 16, cursor: 'nwse-resize', zIndex: 3 }}
        />
      ) : null}
    </>
  );
}
