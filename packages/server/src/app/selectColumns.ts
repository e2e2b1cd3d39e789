/**
 * FAB's `columns` and `keys` selections of a rison `q`: `GET /api/v1/chart/1?q=(columns:!(id,owners.id))`
 * answers only those fields (a dotted name keeps that field of a nested object or of each item of a
 * nested list), and `keys` keeps only the named envelope keys (`_info?q=(keys:!(permissions))`).
 * Names the answer does not have are left out, as FAB does.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Envelope keys always kept: the data itself and its identity. */
const DATA_KEYS = new Set(['result', 'count', 'ids', 'id']);

/** `owners.id` and `owners.first_name` -> { owners: { id: true, first_name: true } }; a bare name keeps all. */
interface Selection {
  [name: string]: Selection | true;
}

function selectionOf(columns: readonly string[]): Selection {
  const tree: Selection = {};
  for (const column of columns) {
    const [head, ...rest] = column.split('.');
    if (!head) continue;
    if (rest.length === 0) tree[head] = true;
    else if (tree[head] !== true) tree[head] = { ...(tree[head] as Selection | undefined), ...selectionOf([rest.join('.')]) };
  }
  return tree;
}

function pick(value: unknown, selection: Selection | true): unknown {
  if (selection === true) return value;
  if (Array.isArray(value)) return value.map((item) => pick(item, selection));
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [name, sub] of Object.entries(selection)) if (name in value) out[name] = pick(value[name], sub);
  return out;
}

export interface FieldSelection {
  columns?: readonly string[];
  keys?: readonly string[];
}

/** The payload with the selections applied; anything that is not an envelope object comes back as it was. */
export function selectColumns(payload: unknown, { columns, keys }: FieldSelection): unknown {
  if (!isObject(payload)) return payload;
  let out: Json = payload;
  if (columns && columns.length > 0 && 'result' in out) {
    const selection = selectionOf(columns);
    out = { ...out, result: pick(out.result, selection) };
    if (Array.isArray(out.list_columns)) out.list_columns = columns;
    if (Array.isArray(out.show_columns)) out.show_columns = columns;
  }
  if (keys && keys.length > 0) {
    const wanted = new Set(keys);
    out = Object.fromEntries(Object.entries(out).filter(([key]) => DATA_KEYS.has(key) || wanted.has(key)));
  }
  return out;
}
