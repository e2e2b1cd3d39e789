/** Small helpers that turn fixed TypeScript data into SQL literals for the example generators. */

export type SqlScalar = string | number | boolean | null;

export function sqlLiteral(value: SqlScalar): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Non-finite number in example data: ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

/** `(VALUES (...), ...) AS alias(col, ...)`, usable directly in a FROM clause. */
export function valuesTable(alias: string, columns: readonly string[], rows: readonly (readonly SqlScalar[])[]): string {
  const body = rows
    .map((row) => {
      if (row.length !== columns.length) throw new Error(`${alias}: expected ${columns.length} values, got ${row.length}`);
      return `(${row.map(sqlLiteral).join(', ')})`;
    })
    .join(',\n    ');
  return `(VALUES\n    ${body}\n  ) AS ${alias}(${columns.join(', ')})`;
}

/** `[a, b, ...]` list literal. */
export function sqlList(values: readonly SqlScalar[]): string {
  return `[${values.map(sqlLiteral).join(', ')}]`;
}

/**
 * A list of 1-based indexes in which index i appears `weights[i-1]` times (weights are
 * rounded to integers). Picking a uniformly random element of it (`pick` macro) samples
 * an index proportionally to its weight with a single list lookup per row, which is far
 * cheaper than a join against a cumulative-weight table for a million rows.
 */
export function weightedIndexList(weights: readonly number[]): string {
  const out: number[] = [];
  weights.forEach((w, i) => {
    const n = Math.round(w);
    if (n < 0) throw new Error(`Negative weight ${w}`);
    for (let k = 0; k < n; k++) out.push(i + 1);
  });
  if (out.length === 0) throw new Error('All weights are zero');
  return `[${out.join(',')}]`;
}
