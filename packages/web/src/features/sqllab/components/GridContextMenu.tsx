import { useEffect } from 'react';
import { Menu } from 'antd';

export interface GridMenuState {
  x: number;
  y: number;
  row: number;
  column: number;
}

interface GridContextMenuProps {
  state: GridMenuState;
  onClose: () => void;
  onCopyCell: () => void;
  onCopyRow: () => void;
}

/** Right-click menu of a result cell. */
export function GridContextMenu({ state, onClose, onCopyCell, onCopyRow }: GridContextMenuProps) {
  useEffect(() => {
    const close = () => onClose();
    window.addEventListener('click', close);
    window.addEventListener('scroll', close, true);
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('scroll', close, true);
    };
  }, [onClose]);
  return (
    <div style={{ position: 'fixed', left: state.x, top: state.y, zIndex: 1050, boxShadow: '0 4px 12px rgba(0,0,0,0.2)' }} data-test="grid-context-menu">
      <Menu
        selectable={false}
        items={[
          { key: 'cell', label: 'Copy cell' },
          { key: 'row', label: 'Copy row' },
        ]}
        onClick={({ key }) => {
          if (key === 'cell') onCopyCell();
          else onCopyRow();
          onClose();
        }}
      />
    </div>
  );
}
