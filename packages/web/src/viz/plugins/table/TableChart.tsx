import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { conditionalColorScale } from '../../shared/conditionalFormatting';
import { RowSpacer, useRowWindow } from '../../shared/useRowWindow';
import type { RendererProps } from '../../types';
import { ownSortBy, type TableOwnState } from './buildQuery';
import { Cell, isSelectedCell, tableCellSelection, type ColorScale } from './TableCell';
import { TableHeader } from './TableHeader';
import { pageCount, pageOf, searchRows, sortRows, type SortState } from './tableUtils';
import type { TableColumn, TableProps } from './transformProps';

/**
 * Each column's conditional formatting shade, graded against the column's values in the chart's rows. Rules name
 * the metric: a time comparison's Main sub-column is the metric's value.
 */
function useColorScales(props: TableProps): Map<string, ColorScale> {
  return useMemo(() => {
    const scales = new Map<string, ColorScale>();
    if (!props.conditionalFormatting.length) return scales;
    for (const column of props.columns) {
      const ruleKey = column.comparison?.part === 'main' ? column.comparison.metricKey : column.key;
      scales.set(column.key, conditionalColorScale(props.conditionalFormatting, ruleKey, props.rows.map((row) => row[column.key])));
    }
    return scales;
  }, [props.conditionalFormatting, props.columns, props.rows]);
}

/** A summary cell: blank where the totals have no value (nothing to sum), never "N/A". */
const summaryText = (column: TableColumn, value: unknown) => (value === null || value === undefined ? '' : column.format(value));


/** The search box and column picker: plain fields (chart plugins stay free of antd) drawn as the app's inputs. */
const FIELD_STYLE: CSSProperties = {
  height: 24,
  padding: '0 8px',
  font: 'inherit',
  border: '1px solid var(--ant-color-border, #d9d9d9)',
  borderRadius: 6,
  background: 'var(--ant-color-bg-container, #fff)',
  color: 'inherit',
};

/** Server pagination: a search is sent once typing pauses this long (Superset debounces it too). */
export const SEARCH_DELAY_MS = 500;

const recordsLabel = (n: number) => `${n} ${n === 1 ? 'record' : 'records'}`;

export function TableChart({ props, width, height, onRendered, onContextMenu, onCrossFilter, crossFilterSelection, setOwnState, ownState }: RendererProps<TableProps>) {
  const server = props.serverPagination;
  const own = (ownState ?? {}) as TableOwnState;
  const [search, setSearch] = useState(typeof own.searchText === 'string' ? own.searchText : '');
  const [clientSort, setClientSort] = useState<SortState>(null);
  const [page, setPage] = useState(0);
  const [order, setOrder] = useState<string[] | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const colorScales = useColorScales(props);

  useEffect(() => {
    onRendered?.();
  }, [props, onRendered]);

  // Server pagination: page, search and sort are the chart's own state, which re-runs the query. The latest own
  // state is read when a debounced search fires, so that a page change in between is not undone.
  const latestOwn = useRef(own);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latestOwn.current = own;
  });
  useEffect(
    () => () => {
      if (searchTimer.current) clearTimeout(searchTimer.current);
    },
    [],
  );
  const pageLength = server ? Number(own.pageSize ?? props.serverPageLength) || props.serverPageLength : props.pageLength;
  const updateOwn = (change: Partial<TableOwnState>) => {
    const next: TableOwnState = { ...latestOwn.current, pageSize: pageLength, ...change };
    latestOwn.current = next;
    setOwnState?.(next);
  };
  // The column the server searches: chosen here, sent with the search text (a choice alone runs no query).
  const [chosenColumn, setChosenColumn] = useState(typeof own.searchColumn === 'string' ? own.searchColumn : undefined);
  const searchColumn = server ? (props.searchColumns.find((c) => c === chosenColumn) ?? props.searchColumns[0]) : undefined;

  const columns = useMemo(() => {
    if (!order) return props.columns;
    const byKey = new Map(props.columns.map((c) => [c.key, c]));
    const ordered = order.map((k) => byKey.get(k)).filter((c): c is TableColumn => !!c);
    return [...ordered, ...props.columns.filter((c) => !order.includes(c.key))];
  }, [props.columns, order]);

  const sort: SortState = server ? ownSortBy(own) : clientSort;
  // The server already searched and sorted the page it sent.
  const visibleRows = useMemo(() => (server ? props.rows : sortRows(searchRows(props.rows, props.columns, search), clientSort)), [props.rows, props.columns, search, clientSort, server]);
  const pages = pageCount(server ? props.rowCount : visibleRows.length, pageLength);
  const currentPage = server ? Math.max(0, Number(own.currentPage ?? 0) || 0) : Math.min(page, pages - 1);
  const rows = server ? visibleRows : pageOf(visibleRows, currentPage, pageLength);
  // Long tables draw only the rows near the scrolled-to place.
  const { shown, bodyRef, onScroll, above, below } = useRowWindow(rows.length, height);
  const searching = (server ? (typeof own.searchText === 'string' ? own.searchText : '') : search).trim() !== '';

  const goTo = (p: number) => (server ? updateOwn({ currentPage: p }) : setPage(p));
  const onSearch = (text: string) => {
    setSearch(text);
    if (!server) {
      setPage(0);
      return;
    }
    if (searchTimer.current) clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      searchTimer.current = null;
      updateOwn({ searchText: text, searchColumn, currentPage: 0 });
    }, SEARCH_DELAY_MS);
  };
  const onSearchColumn = (column: string) => {
    setChosenColumn(column);
    if (searchTimer.current) clearTimeout(searchTimer.current);
    searchTimer.current = null;
    if (search.trim() || (typeof own.searchText === 'string' && own.searchText.trim())) updateOwn({ searchColumn: column, searchText: search, currentPage: 0 });
  };
  // Ascending, descending, then unsorted.
  const nextSort = (s: SortState, key: string): SortState => (s?.key !== key ? { key, desc: false } : s.desc ? null : { key, desc: true });
  const onHeaderClick = (key: string) => {
    if (!server) {
      setClientSort((s) => nextSort(s, key));
      return;
    }
    const next = nextSort(sort, key);
    updateOwn({ sortBy: next ? [next] : [] });
  };
  const onDrop = (target: string) => {
    if (!dragged || dragged === target) return;
    const keys = columns.map((c) => c.key).filter((k) => k !== dragged);
    keys.splice(keys.indexOf(target), 0, dragged);
    setOrder(keys);
    setDragged(null);
  };

  return (
    <div style={{ width, height, overflow: 'auto', fontSize: 13 }} data-testid="table-chart" onScroll={onScroll}>
      {props.includeSearch && (
        <div style={{ padding: 4, display: 'flex', justifyContent: 'space-between', gap: 4 }}>
          <span>{recordsLabel(server ? props.rowCount : visibleRows.length)}</span>
          {(!server || searchColumn !== undefined) && (
            <span style={{ display: 'flex', gap: 4 }}>
              {server && props.searchColumns.length > 1 && (
                <select aria-label="Column to look in" style={FIELD_STYLE} value={searchColumn} onChange={(e) => onSearchColumn(e.target.value)}>
                  {props.searchColumns.map((key) => (
                    <option key={key} value={key}>
                      {props.columns.find((c) => c.key === key)?.label ?? key}
                    </option>
                  ))}
                </select>
              )}
              <input type="search" aria-label="Search" placeholder="Search" style={FIELD_STYLE} value={search} onChange={(e) => onSearch(e.target.value)} />
            </span>
          )}
        </div>
      )}
      {/* Separate borders, drawn by the cells: collapsed ones let scrolled rows show through the sticky header in Chromium. */}
      <table style={{ borderCollapse: 'separate', borderSpacing: 0, width: '100%' }}>
        <thead style={{ position: 'sticky', top: 0, zIndex: 1, background: 'var(--ant-color-bg-container, #fff)' }}>
          <TableHeader columns={columns} sort={sort} draggable={props.allowRearrangeColumns} onSort={onHeaderClick} onDragStart={setDragged} onDrop={onDrop} />
        </thead>
        <tbody ref={bodyRef}>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length || 1} style={{ padding: '16px 8px', textAlign: 'center', color: 'var(--ant-color-text-secondary, #8c8c8c)' }}>
                {searching ? 'No matching records found' : 'No records found'}
              </td>
            </tr>
          )}
          <RowSpacer height={above} colSpan={columns.length} />
          {rows.slice(shown.start, shown.end).map((row, j) => (
            <tr
              key={shown.start + j}
              data-row
              onContextMenu={(e) => {
                if (!onContextMenu) return;
                e.preventDefault();
                const cell = (e.target as HTMLElement).closest('td')?.getAttribute('data-column-key');
                const column = columns.find((c) => c.key === cell);
                onContextMenu({
                  clientX: e.clientX,
                  clientY: e.clientY,
                  filters: props.filterColumns.map((col) => ({ col, op: '==', val: row[col] })),
                  crossFilter: onCrossFilter && column ? tableCellSelection(column, row) : null,
                });
              }}
            >
              {columns.map((c) => (
                <Cell
                  key={c.key}
                  column={c}
                  row={row}
                  props={props}
                  colorScale={colorScales.get(c.key)}
                  selected={isSelectedCell(c, row, crossFilterSelection)}
                  onClick={onCrossFilter && c.kind === 'dimension' ? () => onCrossFilter(tableCellSelection(c, row)!) : undefined}
                />
              ))}
            </tr>
          ))}
          <RowSpacer height={below} colSpan={columns.length} />
        </tbody>
        {props.totals && rows.length > 0 && (
          <tfoot>
            <tr style={{ fontWeight: 600 }}>
              {columns.map((c, i) => (
                <td key={c.key} style={{ textAlign: c.align, padding: '4px 8px', borderTop: '2px solid #ddd' }}>
                  {c.kind === 'dimension' ? (i === 0 ? 'Summary' : '') : summaryText(c, props.totals![c.key])}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
      {pages > 1 && (
        <nav aria-label="Pagination" style={{ display: 'flex', gap: 4, justifyContent: 'flex-end', padding: 4 }}>
          <button type="button" disabled={currentPage === 0} onClick={() => goTo(currentPage - 1)}>
            ‹
          </button>
          <span>{`${currentPage + 1} / ${pages}`}</span>
          <button type="button" disabled={currentPage >= pages - 1} onClick={() => goTo(currentPage + 1)}>
            ›
          </button>
        </nav>
      )}
    </div>
  );
}
