import { useMemo, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { theme } from 'antd';
import { loadedRows, type ColumnarResult } from '../utils/columnarResult';
import { formatCell, formatRow } from '../utils/formatCell';
import { sortPermutation } from '../utils/sortPermutation';
import { GridContextMenu, type GridMenuState } from './GridContextMenu';
import { GridHeader } from './GridHeader';
import { useRowWindow } from '../hooks/useRowWindow';

export const ROW_HEIGHT = 28;
const DEFAULT_WIDTH = 160;
const INDEX_WIDTH = 64;

interface ResultsGridProps {
  data: ColumnarResult;
  height: number;
  onCopy: (text: string) => void;
}

type SortState = { column: number; direction: 'asc' | 'desc' } | null;

/**
 * Virtualized result grid over column arrays / Arrow vectors: only visible rows are rendered and cells are read
 * on demand. Sorting sorts an index permutation; columns resize by dragging the header edge.
 */
export function ResultsGrid({ data, height, onCopy }: ResultsGridProps) {
  const { token } = theme.useToken();
  const parentRef = useRef<HTMLDivElement>(null);
  const [widthOverrides, setWidthOverrides] = useState<Record<string, number>>({});
  const [sort, setSort] = useState<SortState>(null);
  const [menu, setMenu] = useState<GridMenuState | null>(null);
  const widths = data.columnNames.map((name) => widthOverrides[name] ?? DEFAULT_WIDTH);
  const totalWidth = INDEX_WIDTH + widths.reduce((a, b) => a + b, 0);

  // The head of a big result: rows past `loaded` are still downloading; sorting waits for all of them.
  const loaded = loadedRows(data);
  const partial = loaded < data.rowCount;
  const order = useMemo(
    () => (sort && !partial && data.columns[sort.column] ? sortPermutation(data.columns[sort.column]!, data.rowCount, sort.direction) : null),
    [sort, data, partial],
  );
  const rows = useRowWindow(parentRef, data.rowCount, ROW_HEIGHT, height - ROW_HEIGHT);
  const visible = Array.from({ length: rows.last - rows.first }, (_, i) => rows.first + i);

  const rowAt = (visualIndex: number) => (order ? order[visualIndex]! : visualIndex);
  const rowValues = (row: number) => data.columns.map((c) => c.get(row));

  const toggleSort = (column: number) =>
    !partial &&
    setSort((prev) => (prev?.column !== column ? { column, direction: 'asc' } : prev.direction === 'asc' ? { column, direction: 'desc' } : null));

  const openMenu = (event: ReactMouseEvent, row: number, column: number) => {
    event.preventDefault();
    setMenu({ x: event.clientX, y: event.clientY, row, column });
  };

  const cellStyle = (width: number) => ({
    width,
    minWidth: width,
    padding: '0 8px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap' as const,
    borderRight: `1px solid ${token.colorBorderSecondary}`,
    lineHeight: `${ROW_HEIGHT}px`,
  });

  return (
    <div data-test="results-grid" role="grid" aria-rowcount={data.rowCount} style={{ position: 'relative', fontSize: 12, fontFamily: 'monospace' }}>
      <div ref={parentRef} style={{ height, overflow: 'auto', border: `1px solid ${token.colorBorderSecondary}` }}>
        <GridHeader
          names={data.columnNames}
          widths={widths}
          indexWidth={INDEX_WIDTH}
          rowHeight={ROW_HEIGHT}
          sort={sort}
          onSort={toggleSort}
          onResize={(name, width) => setWidthOverrides((prev) => ({ ...prev, [name]: Math.max(40, width) }))}
        />
        <div style={{ height: rows.totalHeight, width: totalWidth, position: 'relative' }}>
          {visible.map((index) => {
            const row = rowAt(index);
            return (
              <div
                key={index}
                role="row"
                data-test="results-row"
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  transform: `translateY(${index * ROW_HEIGHT}px)`,
                  height: ROW_HEIGHT,
                  display: 'flex',
                  borderBottom: `1px solid ${token.colorBorderSecondary}`,
                  background: index % 2 ? token.colorFillAlter : undefined,
                }}
              >
                <div style={{ ...cellStyle(INDEX_WIDTH), color: token.colorTextTertiary, textAlign: 'right' }}>{row + 1}</div>
                {row >= loaded
                  ? data.columnNames.map((name, c) => (
                      <div key={name} role="cell" data-test="cell-loading" style={{ ...cellStyle(widths[c]!), color: token.colorTextQuaternary }}>
                        …
                      </div>
                    ))
                  : data.columns.map((column, c) => {
                      const text = formatCell(column.get(row));
                      return (
                        <div
                          key={data.columnNames[c]}
                          role="cell"
                          title={text}
                          style={cellStyle(widths[c]!)}
                          onContextMenu={(e) => openMenu(e, row, c)}
                          onDoubleClick={() => onCopy(text)}
                        >
                          {text}
                        </div>
                      );
                    })}
              </div>
            );
          })}
        </div>
      </div>
      {menu ? (
        <GridContextMenu
          state={menu}
          onClose={() => setMenu(null)}
          onCopyCell={() => onCopy(formatCell(data.columns[menu.column]?.get(menu.row)))}
          onCopyRow={() => onCopy(formatRow(rowValues(menu.row)))}
        />
      ) : null}
    </div>
  );
}
