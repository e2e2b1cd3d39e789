import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Tooltip, theme } from 'antd';
import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { layoutEdits, tryLayoutEdit, useLayoutDispatch } from '../state/dashboardLayoutSlice';
import { endDrag, startDrag } from './dragState';

export interface EditChromeProps {
  id: string;
  editMode: boolean;
  /** Where the drag handle and the trash button sit: beside a row (`left`), over the component's corner otherwise. */
  placement?: 'left' | 'inside';
  style?: CSSProperties;
  /** More edit tools beside the trash button (a row's or column's background menu). */
  tools?: ReactNode;
  children: ReactNode;
}

/**
 * Edit-mode tools around a layout component: a drag handle to move it and, on hover, a trash button that removes it
 * with everything inside (spec §4). Outside edit mode it adds nothing.
 */
export function EditChrome({ id, editMode, placement = 'inside', style, tools: extraTools, children }: EditChromeProps) {
  const dispatch = useLayoutDispatch();
  const { token } = theme.useToken();
  const [hover, setHover] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  if (!editMode) return <>{children}</>;
  const tools: CSSProperties =
    placement === 'left'
      ? { position: 'absolute', left: -28, top: 0, display: 'flex', flexDirection: 'column', gap: 2, zIndex: 3 }
      : { position: 'absolute', right: 4, top: 4, display: 'flex', gap: 2, zIndex: 3 };
  return (
    <div
      ref={ref}
      style={{ position: 'relative', outline: hover ? `1px dashed ${token.colorPrimaryBorder}` : undefined, ...style }}
      onMouseOver={(event) => {
        event.stopPropagation();
        setHover(true);
      }}
      onMouseLeave={() => setHover(false)}
    >
      <div style={{ ...tools, visibility: hover ? 'visible' : 'hidden' }}>
        <Tooltip title="Drag to move">
          <span
            draggable
            data-test="dashboard-component-drag-handle"
            aria-label="Drag to move"
            role="button"
            style={{ cursor: 'grab', padding: 4, background: token.colorBgContainer, borderRadius: 4, lineHeight: 1 }}
            onDragStart={(event) => {
              if (ref.current) event.dataTransfer.setDragImage(ref.current, 10, 10);
              startDrag(event, { kind: 'move', id });
            }}
            onDragEnd={endDrag}
          >
            <HolderOutlined />
          </span>
        </Tooltip>
        {extraTools}
        <Button
          size="small"
          type="text"
          danger
          aria-label="Delete"
          data-test="dashboard-delete-component-button"
          icon={<DeleteOutlined />}
          style={{ background: token.colorBgContainer }}
          onClick={(event) => {
            event.stopPropagation();
            dispatch(tryLayoutEdit(layoutEdits.delete(id)));
          }}
        />
      </div>
      {children}
    </div>
  );
}
