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

/** FAB's names of the list filter operators, as `_info` reports them. */
const OPERATOR_NAMES: Record<string, string> = {
  eq: 'Equal to',
  neq: 'Not Equal to',
  ct: 'Contains',
  nct: 'Not Contains',
  sw: 'Starts with',
  nsw: 'Not Starts with',
  ew: 'Ends with',
  new: 'Not Ends with',
  gt: 'Greater than',
  lt: 'Smaller than',
  in: 'In',
  rel_o_m: 'Relation',
  rel_m_m: 'Relation as many',
  chart_all_text: 'All Text',
  chart_is_favorite: 'Is favorite',
  chart_is_certified: 'Is certified',
  chart_owned_created_favored_by_me: 'Owned Created or Favored',
  chart_created_by_me: 'Created by me',
  chart_has_created_by: 'Has created by',
  chart_tags: 'Tag',
  chart_tag_id: 'Tag',
  dataset_is_null_or_empty: 'Null or Empty',
  dataset_is_certified: 'Is certified',
  title_or_slug: 'Title or Slug',
};

/** `_info`'s `filters`: every searchable column with the operators the list accepts on it. */
export function filtersInfo(filterable: Record<string, readonly string[]>): Record<string, { name: string; operator: string }[]> {
  return Object.fromEntries(
    Object.entries(filterable).map(([col, ops]) => [col, ops.map((operator) => ({ name: OPERATOR_NAMES[operator] ?? operator, operator }))]),
  );
}
