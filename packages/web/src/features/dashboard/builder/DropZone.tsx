import { useLayoutDispatch } from '../state/dashboardLayoutSlice';
import { useState, type CSSProperties, type DragEvent } from 'react';
import { theme } from 'antd';
import { currentDrag, endDrag, type DragPayload } from './dragState';
import { dropOnLayout } from './dropOnLayout';

export interface DropZoneProps {
  parentId: string;
  index: number;
  /** `vertical`: a bar between side-by-side items of a row; `horizontal`: a line between stacked items. */
  orientation: 'horizontal' | 'vertical';
  /** Place over the edge of the item it sits beside (rows), instead of taking room of its own. */
  edge?: 'left' | 'right';
  /** Only these drags may land here (the dashboard's top takes only a TABS). */
  accepts?: (payload: DragPayload) => boolean;
}

/** A drop target between two children of a container; it lights up while something is dragged over it. */
export function DropZone({ parentId, index, orientation, edge, accepts }: DropZoneProps) {
  const dispatch = useLayoutDispatch();
  const { token } = theme.useToken();
  const [over, setOver] = useState(false);
  const onDragOver = (event: DragEvent) => {
    const payload = currentDrag();
    if (!payload || (accepts && !accepts(payload))) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'move';
    if (!over) setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setOver(false);
    const payload = currentDrag();
    endDrag();
    if (payload && (!accepts || accepts(payload))) void dispatch(dropOnLayout(payload, { parentId, index }));
  };
  const line = over ? token.colorPrimary : 'transparent';
  const style: CSSProperties =
    orientation === 'horizontal'
      ? { height: 16, margin: '-4px 0', position: 'relative', zIndex: 1, display: 'flex', alignItems: 'center' }
      : { position: 'absolute', top: 0, bottom: 0, width: 16, zIndex: 1, display: 'flex', justifyContent: 'center', [edge ?? 'left']: -12 };
  return (
    <div
      data-test="dashboard-drop-indicator"
      data-drop-parent={parentId}
      data-drop-index={index}
      className={over ? 'drop-indicator--active' : undefined}
      style={style}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <div style={orientation === 'horizontal' ? { height: 4, width: '100%', background: line } : { width: 4, height: '100%', background: line }} />
    </div>
  );
}
