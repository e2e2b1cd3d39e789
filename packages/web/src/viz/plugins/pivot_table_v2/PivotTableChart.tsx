import { useEffect, useMemo } from 'react';
import { conditionalColorScale } from '../../shared/conditionalFormatting';
import { RowSpacer, useRowWindow } from '../../shared/useRowWindow';
import type { RendererProps } from '../../types';
import { pivotAxisLevels, pivotCorner } from './pivotAxisLevels';
import { pivotHeaderSelection } from './pivotCrossFilter';
import type { PivotTableProps } from './transformProps';

// Separate borders, each cell drawing its right and bottom one: collapsed borders let scrolled rows show through
// the sticky header in Chromium.
const GRID = '1px solid #e8e8e8';
const cellStyle = { padding: '3px 8px', borderRight: GRID, borderBottom: GRID, whiteSpace: 'nowrap' as const };
/** Header cells are opaque: the header stays in view while rows scroll under it. */
const headerStyle = { ...cellStyle, background: 'var(--ant-color-bg-container, #fff)' };

/** Header rows for the column axis: one per column level (plus one for metrics when they are columns). */
function ColumnHeaders({ props }: { props: PivotTableProps }) {
  const columns = pivotAxisLevels(props, 'columns');
  const rows = pivotAxisLevels(props, 'rows');
  const levels = Math.max(1, columns.count);
  const rowHeaderCount = Math.max(1, rows.count);
  const corner = pivotCorner(columns, rows);
  return (
    <>
      {Array.from({ length: corner.headerRows }, (_, level) => {
        // Neighbouring cells with the same label path merge into one spanning header.
        const spans: { label: string; span: number; key: string }[] = [];
        if (level < levels) {
          props.colAxis.forEach((e, i) => {
            // A metric heading its keys spans its totals too; below it, a total never merges with a key of the same text.
            const path = Array.from({ length: level + 1 }, (_, l) => columns.text(e, l)).join('\u0001') + (level === 0 && columns.metricLevel === 0 ? '' : e.kind);
            const last = spans[spans.length - 1];
            if (last && last.key === path) last.span++;
            else spans.push({ label: columns.text(e, level), span: 1, key: path || String(i) });
          });
        } else spans.push({ label: '', span: props.colAxis.length, key: 'names' });
        return (
          <tr key={level}>
            {Array.from({ length: rowHeaderCount }, (_, i) => (
              <th key={`corner${i}`} style={headerStyle}>
                {corner.cell(level, i)}
              </th>
            ))}
            {spans.map((s, i) => (
              <th key={i} colSpan={s.span} style={headerStyle}>
                {s.label}
              </th>
            ))}
          </tr>
        );
      })}
    </>
  );
}

export function PivotTableChart({ props, width, height, onRendered, onCrossFilter, crossFilterSelection }: RendererProps<PivotTableProps>) {
  useEffect(() => {
    onRendered?.();
  }, [props, onRendered]);
  const { rowAxis, colAxis, values, format, conditionalFormatting, metricValues } = props;
  // Superset shades a cell by its place among the metric's values in the query's rows.
  const colorScales = useMemo(
    () => new Map(Object.entries(metricValues ?? {}).map(([metric, list]) => [metric, conditionalColorScale(conditionalFormatting, metric, list)])),
    [conditionalFormatting, metricValues],
  );
  const rows = pivotAxisLevels(props, 'rows');
  const rowLevels = Math.max(1, rows.count);
  // A pivot of thousands of keys draws only the rows in view, as long tables do.
  const { shown, bodyRef, onScroll, above, below } = useRowWindow(rowAxis.length, height);
  const columnCount = rowLevels + colAxis.length;
  const rowText = (r: number, level: number) => rows.text(rowAxis[r]!, level);
  // The level among the row dimensions (the metric level, when metrics are rows, is not one).
  const dimensionOf = (level: number) => (rows.metricLevel === null ? level : level === rows.metricLevel ? -1 : rows.metricLevel === 0 ? level - 1 : level);
  const headerSelection = (r: number, level: number) => pivotHeaderSelection(rowAxis[r]!, dimensionOf(level), props.rowColumns, props.rowValues);
  const isSelected = (r: number, level: number) => {
    const selection = crossFilterSelection && headerSelection(r, level);
    return !!selection && JSON.stringify([selection.values]) === JSON.stringify(crossFilterSelection!.values);
  };
  /** Row r is a data row whose keys down to `level` (an outer level) are those of the data row above it. */
  const sameKeysAbove = (r: number, level: number) => {
    if (level >= rowLevels - 1 || r === 0 || rowAxis[r]!.kind !== 'data' || rowAxis[r - 1]!.kind !== 'data') return false;
    for (let l = 0; l <= level; l++) if (rowText(r, l) !== rowText(r - 1, l)) return false;
    return true;
  };
  return (
    <div style={{ width, height, overflow: 'auto', fontSize: 13 }} data-testid="pivot-table" onScroll={onScroll}>
      <table style={{ borderCollapse: 'separate', borderSpacing: 0, borderTop: GRID, borderLeft: GRID }}>
        <thead style={{ position: 'sticky', top: 0, zIndex: 1 }}>
          <ColumnHeaders props={props} />
        </thead>
        <tbody ref={bodyRef}>
          <RowSpacer height={above} colSpan={columnCount} />
          {rowAxis.slice(shown.start, shown.end).map((row, j) => {
            const r = shown.start + j;
            return (
              <tr key={r} data-row style={{ fontWeight: row.kind === 'data' ? undefined : 600 }}>
                {Array.from({ length: rowLevels }, (_, level) => {
                  // An outer key shows once for its group, as Superset merges it; the first row drawn shows it again.
                  const merged = j > 0 && sameKeysAbove(r, level);
                  const continues = r + 1 < rowAxis.length && sameKeysAbove(r + 1, level);
                  return (
                    <th
                      key={level}
                      style={{
                        ...cellStyle,
                        textAlign: 'left',
                        verticalAlign: 'top',
                        ...(continues ? { borderBottom: 'none' } : {}),
                        ...(onCrossFilter && !merged ? { cursor: 'pointer' } : {}),
                        ...(!merged && isSelected(r, level) ? { background: 'var(--ant-color-primary-bg, #e6f4ff)' } : {}),
                      }}
                      onClick={() => {
                        const selection = onCrossFilter && !merged ? headerSelection(r, level) : null;
                        if (selection) onCrossFilter!(selection);
                      }}
                    >
                      {merged ? '' : rowText(r, level)}
                    </th>
                  );
                })}
                {colAxis.map((col, c) => {
                  const metric = row.metric ?? col.metric ?? '';
                  const value = values[r]![c]!;
                  return (
                    <td key={c} style={{ ...cellStyle, textAlign: 'right', background: typeof value === 'number' ? colorScales.get(metric)?.(value) : undefined }}>
                      {format(value)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          <RowSpacer height={below} colSpan={columnCount} />
        </tbody>
      </table>
    </div>
  );
}
