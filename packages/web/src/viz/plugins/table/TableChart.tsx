import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { conditionalColor } from '../../shared/conditionalFormatting';
import { looksLikeHtml, sanitizeHtml } from '../../shared/sanitizeHtml';
import { toNumber } from '../../shared/props';
import type { RendererProps } from '../../types';
import { TableHeader } from './TableHeader';
import { cellBar, pageCount, pageOf, searchRows, sortRows, type SortState } from './tableUtils';
import { comparisonKey } from './timeComparison';
import type { TableColumn, TableProps } from './transformProps';

const POSITIVE = 'rgba(90, 193, 137, 0.35)';
const NEGATIVE = 'rgba(224, 67, 85, 0.35)';
const NEUTRAL = 'rgba(161, 166, 189, 0.35)';
const UP = '#1e8e3e';
const DOWN = '#d93025';

/** +1 / -1 when the row's metric went up / down against the compared period and colours are on; 0 otherwise. */
function trendOf(column: TableColumn, row: Record<string, unknown>, props: TableProps): number {
  if (!props.comparisonColor || !column.comparison || column.comparison.part === 'value') return 0;
  return Math.sign(toNumber(row[comparisonKey('△', column.comparison.metricKey)]) ?? 0);
}

function Cell({ column, row, props }: { column: TableColumn; row: Record<string, unknown>; props: TableProps }) {
  const value = row[column.key];
  const text = column.format(value);
  const n = column.numeric ? toNumber(value) : null;
  // Conditional formatting rules name the metric: its Main sub-column is the metric's value.
  const ruleKey = column.comparison?.part === 'main' ? column.comparison.metricKey : column.key;
  const background = conditionalColor(props.conditionalFormatting, ruleKey, value);
  const trend = trendOf(column, row, props);
  const color = trend > 0 ? UP : trend < 0 ? DOWN : undefined;
  const style: CSSProperties = { textAlign: column.align, padding: '4px 8px', position: 'relative', whiteSpace: 'nowrap', background, color: column.comparison?.part === 'main' ? undefined : color };
  const bar = column.showCellBar && n !== null && column.range ? cellBar(n, column.range, column.alignPn) : null;
  const html = props.allowRenderHtml && typeof value === 'string' && looksLikeHtml(value);
  return (
    <td style={style}>
      {bar && (
        <div
          aria-hidden
          style={{ position: 'absolute', top: 2, bottom: 2, left: `${bar.left}%`, width: `${bar.width}%`, background: column.colorPn ? (n! < 0 ? NEGATIVE : POSITIVE) : NEUTRAL }}
        />
      )}
      {html ? <span style={{ position: 'relative' }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }} /> : <span style={{ position: 'relative' }}>{text}</span>}
      {column.comparison?.part === 'main' && trend !== 0 && (
        <span style={{ position: 'relative', color, marginLeft: 4 }} aria-label={trend > 0 ? 'up' : 'down'}>
          {trend > 0 ? '↑' : '↓'}
        </span>
      )}
    </td>
  );
}

export function TableChart({ props, width, height, onRendered, onContextMenu, setOwnState, ownState }: RendererProps<TableProps>) {
  const [search, setSearch] = useState(ownState?.searchText ?? '');
  const [sort, setSort] = useState<SortState>(null);
  const [page, setPage] = useState(0);
  const [order, setOrder] = useState<string[] | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);

  useEffect(() => {
    onRendered?.();
  }, [props, onRendered]);

  const columns = useMemo(() => {
    if (!order) return props.columns;
    const byKey = new Map(props.columns.map((c) => [c.key, c]));
    const ordered = order.map((k) => byKey.get(k)).filter((c): c is TableColumn => !!c);
    return [...ordered, ...props.columns.filter((c) => !order.includes(c.key))];
  }, [props.columns, order]);

  const server = props.serverPagination;
  const visibleRows = useMemo(() => {
    const searched = server ? props.rows : searchRows(props.rows, props.columns, search);
    return sortRows(searched, sort);
  }, [props.rows, props.columns, search, sort, server]);
  const pageLength = server ? props.serverPageLength : props.pageLength;
  const currentPage = server ? Number(ownState?.currentPage ?? 0) : Math.min(page, pageCount(visibleRows.length, pageLength) - 1);
  const rows = server ? visibleRows : pageOf(visibleRows, currentPage, pageLength);
  const pages = pageCount(server ? props.rowCount : visibleRows.length, pageLength);

  const goTo = (p: number) => (server ? setOwnState?.({ ...ownState, currentPage: p, pageSize: pageLength }) : setPage(p));
  const onSearch = (text: string) => {
    setSearch(text);
    if (server) setOwnState?.({ ...ownState, searchText: text, currentPage: 0, pageSize: pageLength });
    else setPage(0);
  };
  const onHeaderClick = (key: string) => setSort((s) => (s?.key !== key ? { key, desc: false } : s.desc ? null : { key, desc: true }));
  const onDrop = (target: string) => {
    if (!dragged || dragged === target) return;
    const keys = columns.map((c) => c.key).filter((k) => k !== dragged);
    keys.splice(keys.indexOf(target), 0, dragged);
    setOrder(keys);
    setDragged(null);
  };

  return (
    <div style={{ width, height, overflow: 'auto', fontSize: 13 }} data-testid="table-chart">
      {props.includeSearch && (
        <div style={{ padding: 4, display: 'flex', justifyContent: 'space-between' }}>
          <span>{`${server ? props.rowCount : visibleRows.length} records`}</span>
          <input type="search" aria-label="Search" placeholder="Search" value={search} onChange={(e) => onSearch(e.target.value)} />
        </div>
      )}
      <table style={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead style={{ position: 'sticky', top: 0, background: 'var(--ant-color-bg-container, #fff)' }}>
          <TableHeader columns={columns} sort={sort} draggable={props.allowRearrangeColumns} onSort={onHeaderClick} onDragStart={setDragged} onDrop={onDrop} />
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr
              key={i}
              style={{ borderBottom: '1px solid #f0f0f0' }}
              onContextMenu={(e) => {
                if (!onContextMenu) return;
                e.preventDefault();
                onContextMenu({ clientX: e.clientX, clientY: e.clientY, filters: props.filterColumns.map((col) => ({ col, op: '==', val: row[col] })) });
              }}
            >
              {columns.map((c) => (
                <Cell key={c.key} column={c} row={row} props={props} />
              ))}
            </tr>
          ))}
        </tbody>
        {props.totals && (
          <tfoot>
            <tr style={{ fontWeight: 600, borderTop: '2px solid #ddd' }}>
              {columns.map((c, i) => (
                <td key={c.key} style={{ textAlign: c.align, padding: '4px 8px' }}>
                  {c.kind === 'dimension' ? (i === 0 ? 'Summary' : '') : c.format(props.totals![c.key])}
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
