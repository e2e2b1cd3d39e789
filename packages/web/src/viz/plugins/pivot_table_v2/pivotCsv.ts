import { escapeFormula, quoteCsvText } from '@tessera/core';
import { pivotAxisLevels, pivotCorner } from './pivotAxisLevels';
import type { PivotTableProps } from './transformProps';

const textField = (text: string) => quoteCsvText(escapeFormula(text));

/**
 * "Export to Pivoted .CSV": the table as drawn, one CSV line per header row and per table row. Header rows
 * name the column keys level by level (the corner holds the dimension names, as on screen); each row starts
 * with its keys, and values are written unformatted so a spreadsheet reads them as numbers.
 */
export function pivotCsv(props: PivotTableProps): string {
  const { rowAxis, colAxis, values } = props;
  const columns = pivotAxisLevels(props, 'columns');
  const rows = pivotAxisLevels(props, 'rows');
  const colLevels = Math.max(1, columns.count);
  const rowLevels = Math.max(1, rows.count);
  const lines: string[] = [];
  const corner = pivotCorner(columns, rows);
  for (let level = 0; level < corner.headerRows; level++) {
    const cells = Array.from({ length: rowLevels }, (_, i) => corner.cell(level, i));
    lines.push([...cells, ...colAxis.map((e) => (level < colLevels ? columns.text(e, level) : ''))].map(textField).join(','));
  }
  rowAxis.forEach((row, r) => {
    const keys = Array.from({ length: rowLevels }, (_, level) => textField(rows.text(row, level)));
    const cells = (values[r] ?? []).map((v) => (v === null ? '' : typeof v === 'number' ? String(v) : textField(v)));
    lines.push([...keys, ...cells].join(','));
  });
  return lines.join('\r\n') + '\r\n';
}
