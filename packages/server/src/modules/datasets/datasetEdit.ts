import { randomUUID } from 'node:crypto';
import type { DatasetColumnEdit, DatasetMetricEdit } from '@tessera/core';
import { unprocessable } from '../../app/httpErrors.js';
import { genericTypeOf } from '../../connectors/values.js';
import type { InferredColumn } from './datasetColumns.js';
import type { ColumnPlan, ColumnRow, MetricPlan, MetricRow } from './datasets.repository.js';

const bit = (v: boolean | null | undefined, fallback: number) => (v === undefined || v === null ? fallback : v ? 1 : 0);

function checkChildren(kind: 'columns' | 'metrics', names: string[], ids: number[], existing: { id: number; name: string }[], override: boolean) {
  if (new Set(names).size !== names.length) throw unprocessable({ [kind]: [`One or more ${kind} are duplicated`] });
  const known = new Set(existing.map((e) => e.id));
  if (ids.some((id) => !known.has(id))) throw unprocessable({ [kind]: [`One or more ${kind} do not exist`] });
  return override ? new Set<string>() : new Set(existing.map((e) => e.name));
}

/**
 * A PUT's columns against the stored ones, as Superset's DatasetDAO applies them: with an id a column is
 * edited, without one it is added, and stored columns the payload leaves out are removed. With
 * `override_columns` the payload replaces every column.
 */
export function columnPlan(existing: ColumnRow[], given: DatasetColumnEdit[], override: boolean, now: string): ColumnPlan {
  const taken = checkChildren('columns', given.map((c) => c.column_name), override ? [] : given.flatMap((c) => (c.id ? [c.id] : [])), existing.map((c) => ({ id: c.id, name: c.column_name })), override);
  const fresh = override ? given : given.filter((c) => !c.id);
  if (fresh.some((c) => taken.has(c.column_name))) throw unprocessable({ columns: ['One or more columns already exist'] });
  const keep = new Set(override ? [] : given.flatMap((c) => (c.id ? [c.id] : [])));
  const fields = (c: DatasetColumnEdit, base: ColumnRow | null) => ({
    column_name: c.column_name,
    type: c.type !== undefined ? c.type : (base?.type ?? null),
    is_dttm: bit(c.is_dttm, base?.is_dttm ?? (c.type && genericTypeOf(c.type) === 'Temporal' ? 1 : 0)),
    groupby: bit(c.groupby, base?.groupby ?? 1),
    filterable: bit(c.filterable, base?.filterable ?? 1),
    is_active: bit(c.is_active, base?.is_active ?? 1),
    expression: c.expression !== undefined ? c.expression || null : (base?.expression ?? null),
    verbose_name: c.verbose_name !== undefined ? c.verbose_name : (base?.verbose_name ?? null),
    description: c.description !== undefined ? c.description : (base?.description ?? null),
    python_date_format: c.python_date_format !== undefined ? c.python_date_format : (base?.python_date_format ?? null),
    advanced_data_type: c.advanced_data_type !== undefined ? c.advanced_data_type : (base?.advanced_data_type ?? null),
    extra: c.extra !== undefined ? c.extra : (base?.extra ?? null),
    changed_on: now,
  });
  const byId = new Map(existing.map((c) => [c.id, c]));
  return {
    insert: fresh.map((c) => ({ uuid: c.uuid || randomUUID(), created_on: now, ...fields(c, null) })),
    update: override ? [] : given.filter((c) => c.id).map((c) => ({ id: c.id!, values: fields(c, byId.get(c.id!)!) })),
    remove: existing.filter((c) => !keep.has(c.id)).map((c) => c.id),
  };
}

const currencyText = (v: DatasetMetricEdit['currency']) => (v === undefined ? undefined : v === null ? null : typeof v === 'string' ? v : JSON.stringify(v));

export function metricPlan(existing: MetricRow[], given: DatasetMetricEdit[], now: string): MetricPlan {
  const taken = checkChildren('metrics', given.map((m) => m.metric_name), given.flatMap((m) => (m.id ? [m.id] : [])), existing.map((m) => ({ id: m.id, name: m.metric_name })), false);
  const fresh = given.filter((m) => !m.id);
  if (fresh.some((m) => taken.has(m.metric_name))) throw unprocessable({ metrics: ['One or more metrics already exist'] });
  const keep = new Set(given.flatMap((m) => (m.id ? [m.id] : [])));
  const fields = (m: DatasetMetricEdit, base: MetricRow | null) => ({
    metric_name: m.metric_name,
    expression: m.expression,
    metric_type: m.metric_type !== undefined ? m.metric_type : (base?.metric_type ?? null),
    verbose_name: m.verbose_name !== undefined ? m.verbose_name : (base?.verbose_name ?? null),
    d3format: m.d3format !== undefined ? m.d3format : (base?.d3format ?? null),
    currency: currencyText(m.currency) !== undefined ? currencyText(m.currency)! : (base?.currency ?? null),
    description: m.description !== undefined ? m.description : (base?.description ?? null),
    warning_text: m.warning_text !== undefined ? m.warning_text : (base?.warning_text ?? null),
    extra: m.extra !== undefined ? m.extra : (base?.extra ?? null),
    changed_on: now,
  });
  const byId = new Map(existing.map((m) => [m.id, m]));
  return {
    insert: fresh.map((m) => ({ uuid: m.uuid || randomUUID(), created_on: now, ...fields(m, null) })),
    update: given.filter((m) => m.id).map((m) => ({ id: m.id!, values: fields(m, byId.get(m.id!)!) })),
    remove: existing.filter((m) => !keep.has(m.id)).map((m) => m.id),
  };
}

/**
 * Refresh from the source: columns the source gained are added, physical columns it lost are removed
 * (calculated columns, which have an expression, stay), and types of the others follow the source.
 */
export function refreshPlan(existing: ColumnRow[], source: InferredColumn[], now: string): ColumnPlan {
  const stored = new Map(existing.map((c) => [c.column_name, c]));
  const names = new Set(source.map((c) => c.name));
  return {
    insert: source
      .filter((c) => !stored.has(c.name))
      .map((c) => ({ uuid: randomUUID(), column_name: c.name, type: c.type || null, is_dttm: c.isDttm ? 1 : 0, groupby: 1, filterable: 1, is_active: 1, created_on: now, changed_on: now })),
    update: source.flatMap((c) => {
      const row = stored.get(c.name);
      if (!row || row.type === (c.type || null)) return [];
      // A column that became temporal is marked so; one the user marked by hand stays marked.
      return [{ id: row.id, values: { type: c.type || null, is_dttm: c.isDttm ? 1 : row.is_dttm, changed_on: now } }];
    }),
    remove: existing.filter((c) => !names.has(c.column_name) && !c.expression).map((c) => c.id),
  };
}
