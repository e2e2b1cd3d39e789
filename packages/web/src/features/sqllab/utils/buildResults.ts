import { tableFromIPC, type Field } from 'apache-arrow';
import type { ResultColumn } from '@tessera/core';
import type { ExecuteResponse, RawResults } from '../../../api/sqllabApi';
import type { QueryResults } from '../state/types';
import { fromArrowTable, fromRecords, type ColumnarResult } from './columnarResult';

const TEMPORAL = /timestamp|date|time/i;
const NUMERIC = /int|float|decimal|double|numeric|real/i;

function columnFromField(field: Field): ResultColumn {
  const type = String(field.type);
  const isDttm = TEMPORAL.test(type);
  return { column_name: field.name, name: field.name, type: type.toUpperCase(), type_generic: isDttm ? 2 : NUMERIC.test(type) ? 0 : 1, is_dttm: isDttm };
}

export interface BuiltResults {
  data: ColumnarResult;
  meta: Omit<QueryResults, 'dataKey'>;
}

function metaFrom(body: Partial<ExecuteResponse>, columns: ResultColumn[], rowCount: number): Omit<QueryResults, 'dataKey'> {
  return {
    status: 'success',
    columns,
    selected_columns: body.selected_columns ?? columns,
    expanded_columns: body.expanded_columns ?? [],
    rowCount,
    displayLimitReached: Boolean(body.displayLimitReached),
  };
}

/** A JSON success payload (`data: [{…}]`) into columnar rows plus store metadata. */
export function buildFromJson(body: ExecuteResponse): BuiltResults {
  const columns = body.columns ?? [];
  const names = columns.length ? columns.map((c) => c.column_name ?? c.name) : Object.keys(body.data?.[0] ?? {});
  const data = fromRecords(body.data ?? [], names);
  return { data, meta: metaFrom(body, columns, data.rowCount) };
}

/** Arrow IPC bytes (or a JSON answer) from `results/`; `known` carries the columns and flags execute already sent. */
export function buildFromRaw(raw: RawResults, known?: Partial<ExecuteResponse>): BuiltResults {
  if (raw.kind === 'json') return buildFromJson({ ...known, ...raw.body } as ExecuteResponse);
  const table = tableFromIPC(new Uint8Array(raw.buffer));
  const data = fromArrowTable(table);
  const byName = new Map((known?.columns ?? []).map((c) => [c.column_name ?? c.name, c]));
  const columns = table.schema.fields.map((field) => byName.get(field.name) ?? columnFromField(field));
  return { data, meta: metaFrom(known ?? {}, columns, data.rowCount) };
}
