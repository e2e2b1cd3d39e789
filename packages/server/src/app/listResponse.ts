import type { ListResponse, ShowResponse } from '@tessera/core';

/** FAB's list envelope; label/description maps are derived so clients that read them get something sensible. */
export function listResponse<T extends { id: number }>(
  rows: T[],
  count: number,
  opts: { title: string; columns: string[]; orderColumns: string[] },
): ListResponse<T> {
  return {
    count,
    ids: rows.map((r) => r.id),
    result: rows,
    description_columns: {},
    label_columns: labels(opts.columns),
    list_columns: opts.columns,
    list_title: opts.title,
    order_columns: opts.orderColumns,
  };
}

export function showResponse<T extends { id: number }>(result: T, title: string): ShowResponse<T> {
  const columns = Object.keys(result);
  return {
    id: result.id,
    result,
    description_columns: {},
    label_columns: labels(columns),
    show_columns: columns,
    show_title: title,
  };
}

function labels(columns: string[]): Record<string, string> {
  return Object.fromEntries(
    columns.map((c) => [c, c.replace(/[._]/g, ' ').replace(/\b\w/g, (ch) => ch.toUpperCase())]),
  );
}
