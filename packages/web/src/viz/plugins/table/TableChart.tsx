import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { conditionalColor } from '../../shared/conditionalFormatting';
import { looksLikeHtml, sanitizeHtml } from '../../shared/sanitizeHtml';
import { toNumber } from '../../shared/props';
import type { RendererProps } from '../../types';
import { cellBar, pageCount, pageOf, searchRows, sortRows, type SortState } from './tableUtils';
import type { TableColumn, TableProps } from './transformProps';

const POSITIVE = 'rgba(90, 193, 137, 0.35)';
const NEGATIVE = 'rgba(224, 67, 85, 0.35)';
const NEUTRAL = 'rgba(161, 166, 189, 0.35)';

function Cell({ column, value, props }: { column: TableColumn; value: unknown; props: TableProps }) {
  const text = column.format(value);
  const n = column.numeric ? toNumber(value) : null;
  const background = conditionalColor(props.conditionalFormatting, column.key, value);
  const style: CSSProperties = { textAlign: column.align, padding: '4px 8px', position: 'relative', whiteSpace: 'nowrap', background };
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
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                draggable={props.allowRearrangeColumns}
                onDragStart={() => setDragged(c.key)}
                onDragOver={(e) => props.allowRearrangeColumns && e.preventDefault()}
                onDrop={() => onDrop(c.key)}
                onClick={() => onHeaderClick(c.key)}
                style={{ textAlign: c.align, padding: '4px 8px', cursor: 'pointer', borderBottom: '1px solid #ddd', width: c.width, whiteSpace: 'nowrap' }}
                aria-sort={sort?.key === c.key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
              >
                {c.label}
                {sort?.key === c.key ? (sort.desc ? ' ▼' : ' ▲') : ''}
              </th>
            ))}
          </tr>
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
                <Cell key={c.key} column={c} value={row[c.key]} props={props} />
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
