import { escapeFormula, pivotEntryLabel, quoteCsvText, type PivotAxisEntry } from '@tessera/core';
import type { PivotTableProps } from './transformProps';

const textField = (text: string) => quoteCsvText(escapeFormula(text));

/**
 * "Export to Pivoted .CSV": the table as drawn, one CSV line per header row and per table row. Header rows
 * name the column keys level by level (the corner holds the dimension names, as on screen); each row starts
 * with its keys, and values are written unformatted so a spreadsheet reads them as numbers.
 */
export function pivotCsv(props: PivotTableProps): string {
  const { rowAxis, colAxis, values, rowHeaders, colHeaders, metricsLayout, totalLabel } = props;
  const colLevels = Math.max(1, colHeaders.length + (metricsLayout === 'COLUMNS' ? 1 : 0));
  const rowLevels = Math.max(1, rowHeaders.length + (metricsLayout === 'ROWS' ? 1 : 0));
  const colText = (e: PivotAxisEntry, level: number) => (metricsLayout === 'COLUMNS' && level === colLevels - 1 ? (e.metric ?? '') : pivotEntryLabel(e, level, totalLabel));
  const rowText = (e: PivotAxisEntry, level: number) => (metricsLayout === 'ROWS' && level === rowLevels - 1 ? (e.metric ?? '') : pivotEntryLabel(e, level, totalLabel));
  const lines: string[] = [];
  for (let level = 0; level < colLevels; level++) {
    const corner = Array.from({ length: rowLevels }, (_, i) => (level === colLevels - 1 ? (rowHeaders[i] ?? '') : i === rowLevels - 1 ? (colHeaders[level] ?? '') : ''));
    lines.push([...corner, ...colAxis.map((e) => colText(e, level))].map(textField).join(','));
  }
  rowAxis.forEach((row, r) => {
    const keys = Array.from({ length: rowLevels }, (_, level) => textField(rowText(row, level)));
    const cells = (values[r] ?? []).map((v) => (v === null ? '' : typeof v === 'number' ? String(v) : textField(v)));
    lines.push([...keys, ...cells].join(','));
  });
  return lines.join('\r\n') + '\r\n';
}
