import type { MouseEvent as ReactMouseEvent } from 'react';
import { theme } from 'antd';

interface GridHeaderProps {
  names: string[];
  widths: number[];
  indexWidth: number;
  rowHeight: number;
  sort: { column: number; direction: 'asc' | 'desc' } | null;
  onSort: (column: number) => void;
  onResize: (name: string, width: number) => void;
}

/** Sticky header: click sorts (asc → desc → none), dragging the right edge resizes. */
export function GridHeader({ names, widths, indexWidth, rowHeight, sort, onSort, onResize }: GridHeaderProps) {
  const { token } = theme.useToken();
  const startResize = (event: ReactMouseEvent, name: string, startWidth: number) => {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const move = (e: MouseEvent) => onResize(name, startWidth + e.clientX - startX);
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };
  const base = {
    height: rowHeight,
    lineHeight: `${rowHeight}px`,
    padding: '0 8px',
    fontWeight: 600,
    borderRight: `1px solid ${token.colorBorderSecondary}`,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap' as const,
    position: 'relative' as const,
  };
  return (
    <div
      role="row"
      style={{ display: 'flex', position: 'sticky', top: 0, zIndex: 1, background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorder}` }}
    >
      <div style={{ ...base, width: indexWidth, minWidth: indexWidth }} />
      {names.map((name, i) => {
        const arrow = sort?.column === i ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : '';
        return (
          <div
            key={name}
            role="columnheader"
            aria-sort={sort?.column === i ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
            title={name}
            onClick={() => onSort(i)}
            style={{ ...base, width: widths[i], minWidth: widths[i], cursor: 'pointer' }}
          >
            {name}
            {arrow}
            <span
              aria-hidden
              onMouseDown={(e) => startResize(e, name, widths[i]!)}
              onClick={(e) => e.stopPropagation()}
              style={{ position: 'absolute', right: 0, top: 0, bottom: 0, width: 6, cursor: 'col-resize' }}
            />
          </div>
        );
      })}
    </div>
  );
}
