import type { CSSProperties } from 'react';
import type { CrossFilterSelection } from '@tessera/core';
import { looksLikeHtml, sanitizeHtml } from '../../shared/sanitizeHtml';
import { toNumber } from '../../shared/props';
import type { RendererProps } from '../../types';
import { cellBar } from './tableUtils';
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

export type ColorScale = (value: unknown) => string | undefined;

/** A click on a cell of a dimension column cross-filters by its value (Superset's table); metric cells filter nothing. */
export function tableCellSelection(column: TableColumn, row: Record<string, unknown>): CrossFilterSelection | null {
  if (column.kind !== 'dimension') return null;
  const value = row[column.key];
  return { columns: [column.key], values: [value], label: value === null || value === undefined ? '<NULL>' : column.format(value) };
}

/** The cell holds a value the chart's cross-filter selects. */
export function isSelectedCell(column: TableColumn, row: Record<string, unknown>, selection: RendererProps['crossFilterSelection']): boolean {
  const index = selection?.columns.indexOf(column.key) ?? -1;
  return index >= 0 && !!selection?.values.some((v) => JSON.stringify(v[index] ?? null) === JSON.stringify(row[column.key] ?? null));
}

/** Superset marks the cells of the active cross-filter with the primary colour's light shade. */
const SELECTED_CELL = 'var(--ant-color-primary-bg, #e6f4ff)';

interface CellProps {
  column: TableColumn;
  row: Record<string, unknown>;
  props: TableProps;
  colorScale?: ColorScale | undefined;
  selected?: boolean;
  onClick?: (() => void) | undefined;
}

export function Cell({ column, row, props, colorScale, selected, onClick }: CellProps) {
  const value = row[column.key];
  const text = column.format(value);
  const n = column.numeric ? toNumber(value) : null;
  const background = colorScale?.(value);
  const trend = trendOf(column, row, props);
  const color = trend > 0 ? UP : trend < 0 ? DOWN : undefined;
  const style: CSSProperties = {
    textAlign: column.align,
    padding: '4px 8px',
    borderBottom: '1px solid #f0f0f0',
    position: 'relative',
    whiteSpace: 'nowrap',
    background: selected ? SELECTED_CELL : background,
    color: column.comparison?.part === 'main' ? undefined : color,
    ...(onClick ? { cursor: 'pointer' } : {}),
  };
  const bar = column.showCellBar && n !== null && column.range ? cellBar(n, column.range, column.alignPn) : null;
  const html = props.allowRenderHtml && typeof value === 'string' && looksLikeHtml(value);
  return (
    <td style={style} data-column-key={column.key} data-selected={selected || undefined} onClick={onClick}>
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

