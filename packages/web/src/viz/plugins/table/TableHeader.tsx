import type { CSSProperties } from 'react';
import type { SortState } from './tableUtils';
import type { TableColumn } from './transformProps';

interface TableHeaderProps {
  columns: TableColumn[];
  sort: SortState;
  draggable: boolean;
  onSort: (key: string) => void;
  onDragStart: (key: string) => void;
  onDrop: (key: string) => void;
}

/** Runs of adjacent columns under one header cell: a compared metric's sub-columns, or a single column. */
interface HeaderGroup {
  label: string | null;
  columns: TableColumn[];
}

function headerGroups(columns: TableColumn[]): HeaderGroup[] {
  const groups: HeaderGroup[] = [];
  for (const column of columns) {
    const last = groups.at(-1);
    const metric = column.comparison?.metricKey;
    if (metric !== undefined && last?.columns[0]?.comparison?.metricKey === metric) last.columns.push(column);
    else groups.push({ label: column.comparison ? column.comparison.group : null, columns: [column] });
  }
  return groups;
}

const cellStyle = (column: TableColumn | null, extra: CSSProperties = {}): CSSProperties => ({
  textAlign: column?.align ?? 'center',
  padding: '4px 8px',
  borderBottom: '1px solid #ddd',
  // Opaque: the header stays in view while rows scroll under it.
  background: 'var(--ant-color-bg-container, #fff)',
  whiteSpace: 'nowrap',
  width: column?.width,
  ...extra,
});

/**
 * The table's header row; with a time comparison a second row, where each compared metric's name spans its
 * Main / # / △ / % sub-columns (which sort and drag like any column) and the other columns span both rows.
 */
export function TableHeader({ columns, sort, draggable, onSort, onDragStart, onDrop }: TableHeaderProps) {
  const sortable = (column: TableColumn, rowSpan?: number) => (
    <th
      key={column.key}
      rowSpan={rowSpan}
      draggable={draggable}
      onDragStart={() => onDragStart(column.key)}
      onDragOver={(e) => draggable && e.preventDefault()}
      onDrop={() => onDrop(column.key)}
      onClick={() => onSort(column.key)}
      style={cellStyle(column, { cursor: 'pointer' })}
      aria-sort={sort?.key === column.key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
      title={column.comparison ? `${column.comparison.group} ${column.label}` : undefined}
    >
      {column.label}
      {sort?.key === column.key ? (sort.desc ? ' ▼' : ' ▲') : ''}
    </th>
  );
  if (!columns.some((c) => c.comparison)) return <tr>{columns.map((c) => sortable(c))}</tr>;
  const groups = headerGroups(columns);
  return (
    <>
      <tr>
        {groups.map((group) =>
          group.label === null ? (
            sortable(group.columns[0]!, 2)
          ) : (
            <th key={`group:${group.columns[0]!.key}`} colSpan={group.columns.length} scope="colgroup" style={cellStyle(null)}>
              {group.label}
            </th>
          ),
        )}
      </tr>
      <tr>{groups.filter((g) => g.label !== null).flatMap((g) => g.columns.map((c) => sortable(c)))}</tr>
    </>
  );
}
