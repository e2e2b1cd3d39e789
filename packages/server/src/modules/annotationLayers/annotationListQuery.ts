import type { ListFilter, ListQuery } from '@tessera/core';
import { badRequest } from '../../app/httpErrors.js';
import {
  ANNOTATION_LAYER_ORDER,
  ANNOTATION_ORDER,
  type AnnotationCriteria,
  type AnnotationFilter,
  type AnnotationLayerCriteria,
  type AnnotationLayerFilter,
  type TextOp,
} from './annotationLayers.repository.js';

const TEXT_OPS: readonly string[] = ['ct', 'eq', 'sw'];

const LAYER_FILTERS: Record<string, readonly string[]> = {
  name: [...TEXT_OPS, 'annotation_layer_all_text'],
  descr: TEXT_OPS,
  created_by: ['rel_o_m', 'eq'],
  changed_by: ['rel_o_m', 'eq'],
};

const ANNOTATION_FILTERS: Record<string, readonly string[]> = {
  short_descr: [...TEXT_OPS, 'annotation_all_text'],
  long_descr: TEXT_OPS,
};

const toInt = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;

/** FAB's refusals for a column or operator the resource does not offer (facts §2.0). */
function checkFilter(f: ListFilter, allowed: Record<string, readonly string[]>): void {
  const ops = allowed[f.col];
  if (!ops) throw badRequest(`Filter column: ${f.col} not allowed to filter`);
  if (!ops.includes(f.opr)) throw badRequest(`Filter operation: ${f.opr} not allowed on column: ${f.col}`);
}

function text(f: ListFilter): string {
  if (typeof f.value !== 'string') throw badRequest({ filters: [`${f.col} expects a string value.`] });
  return f.value;
}

function ordering<K extends string>(q: ListQuery, columns: Record<K, string>, fallback: K): { orderBy: K; direction: 'asc' | 'desc' } {
  const column = q.order_column ?? fallback;
  if (!(column in columns)) throw badRequest({ order_column: [`Must be one of: ${Object.keys(columns).join(', ')}.`] });
  return { orderBy: column as K, direction: q.order_direction };
}

/** `GET /api/v1/annotation_layer/?q=...` → repository criteria. */
export function annotationLayerCriteria(q: ListQuery): AnnotationLayerCriteria {
  const filters: AnnotationLayerFilter[] = [];
  for (const f of q.filters) {
    checkFilter(f, LAYER_FILTERS);
    if (f.col === 'created_by' || f.col === 'changed_by') {
      const id = toInt(f.value);
      if (id === null) throw badRequest({ filters: [`${f.col} expects an integer id.`] });
      filters.push({ col: f.col === 'created_by' ? 'created_by_fk' : 'changed_by_fk', value: id });
    } else if (f.opr === 'annotation_layer_all_text') {
      filters.push({ col: 'all_text', value: text(f) });
    } else {
      filters.push({ col: f.col as 'name' | 'descr', opr: f.opr as TextOp, value: text(f) });
    }
  }
  return { filters, ...ordering(q, ANNOTATION_LAYER_ORDER, 'name'), page: q.page, pageSize: q.page_size };
}

/** `GET /api/v1/annotation_layer/<pk>/annotation/?q=...` → repository criteria (oldest first by default). */
export function annotationCriteria(q: ListQuery): AnnotationCriteria {
  const filters: AnnotationFilter[] = [];
  for (const f of q.filters) {
    checkFilter(f, ANNOTATION_FILTERS);
    if (f.opr === 'annotation_all_text') filters.push({ col: 'all_text', value: text(f) });
    else filters.push({ col: f.col as 'short_descr' | 'long_descr', opr: f.opr as TextOp, value: text(f) });
  }
  return { filters, ...ordering(q, ANNOTATION_ORDER, 'start_dttm'), page: q.page, pageSize: q.page_size };
}
