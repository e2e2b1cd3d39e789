/** Text of a result cell: exact for big integers (bigint or lossless strings), ISO for dates, JSON for objects. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && 'toString' in value && typeof value.toString === 'function' && value.toString !== Object.prototype.toString) {
    return value.toString();
  }
  try {
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  } catch {
    return String(value);
  }
}

/** Tab-separated row text for the clipboard. */
export function formatRow(values: unknown[]): string {
  return values.map(formatCell).join('\t');
}
