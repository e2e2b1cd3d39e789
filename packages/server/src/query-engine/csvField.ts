import { escapeFormula, quoteCsvText } from '@tessera/core';
import type { CellValue } from '../connectors/types.js';
import { jsonText } from './jsonText.js';

/**
 * One RFC 4180 field: quoted when it holds a comma, quote or line break, quotes doubled. Strings (and
 * header names) are escaped against formulas; numbers, booleans and nested values are written as they are.
 */
export function csvField(value: CellValue, formatted?: string): string {
  if (value === null || value === undefined) return '';
  const text = formatted ?? (typeof value === 'string' ? escapeFormula(value) : typeof value === 'object' ? jsonText(value) : String(value));
  return quoteCsvText(text);
}
