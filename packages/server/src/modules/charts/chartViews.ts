import { jsonTextTooDeep, MAX_JSON_DEPTH, userRef, type ChartListItem, type ChartPermissions, type ChartShow, type UserRef } from '@tessera/core';
import { humanizeDelta } from '../databases/humanizeDelta.js';
import { ownersFor, type OwnerRow } from '../../metadata-store/ownerLinks.js';
import type { SliceDashboardRow, SliceJoinedRow } from './charts.repository.js';

export const LIST_COLUMNS = [
  'id',
  'uuid',
  'slice_name',
  'viz_type',
  'params',
  'query_context',
  'description',
  'description_markeddown',
  'cache_timeout',
  'certified_by',
  'certification_details',
  'is_managed_externally',
  'datasource_id',
  'datasource_type',
  'datasource_name_text',
  'datasource_url',
  'slice_url',
  'url',
  'edit_url',
  'thumbnail_url',
  'form_data',
  'table.table_name',
  'table.default_endpoint',
  'dashboards.id',
  'dashboards.dashboard_title',
  'owners.id',
  'owners.first_name',
  'owners.last_name',
  'created_by.id',
  'created_by.first_name',
  'created_by.last_name',
  'created_by_name',
  'created_on_delta_humanized',
  'changed_by.first_name',
  'changed_by.last_name',
  'changed_by_name',
  'changed_on_utc',
  'changed_on_dttm',
  'changed_on_delta_humanized',
  'last_saved_at',
  'last_saved_by.id',
  'last_saved_by.first_name',
  'last_saved_by.last_name',
  'tags.id',
  'tags.name',
  'tags.type',
];

export const sliceUrl = (id: number) => `/explore/?slice_id=${id}`;
const datasetUrl = (id: number) => `/explore/?datasource_type=table&datasource_id=${id}`;

/** Told why a chart's stored params could not be read (the caller logs it). */
export type OnUnreadableParams = (chartId: number, reason: string) => void;

/**
 * The form data stored as `params`, with the chart id Superset adds; unreadable params read as empty. So do params
 * nesting deeper than MAX_JSON_DEPTH (stored before the cap): parsed, they would break every answer holding them,
 * as JSON.stringify recurses, and one user's chart would fail the chart list of everyone.
 */
export function formDataOf(
  row: { id: number; params: string | null; datasource_id: number; datasource_type: string; viz_type: string },
  onUnreadable?: OnUnreadableParams,
): Record<string, unknown> {
  let parsed: unknown = {};
  if (row.params && jsonTextTooDeep(row.params)) {
    onUnreadable?.(row.id, `params nest deeper than ${MAX_JSON_DEPTH} levels`);
  } else {
    try {
      parsed = row.params ? JSON.parse(row.params) : {};
    } catch {
      parsed = {};
    }
  }
  const base = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  return { ...base, slice_id: row.id, viz_type: base.viz_type ?? row.viz_type, datasource: `${row.datasource_id}__${row.datasource_type}` };
}

const ownerRefs: (owners: OwnerRow[], id: number) => UserRef[] = ownersFor;

const fullName = (u: UserRef | null) => (u ? `${u.first_name} ${u.last_name}`.trim() : '');

/** A dataset's display name, as Superset's `datasource_name_text` words it: `schema.table`. */
export function datasourceNameText(row: SliceJoinedRow): string | null {
  if (row.table_name === null) return row.datasource_name;
  return row.table_schema ? `${row.table_schema}.${row.table_name}` : row.table_name;
}

export function toChartShow(
  row: SliceJoinedRow,
  owners: OwnerRow[],
  dashboards: SliceDashboardRow[],
  now = Date.now(),
  thumbnailUrl: string | null = null,
): Omit<ChartShow, keyof ChartPermissions> {
  return {
    id: row.id,
    uuid: row.uuid,
    slice_name: row.slice_name,
    viz_type: row.viz_type,
    params: row.params,
    query_context: row.query_context,
    description: row.description,
    cache_timeout: row.cache_timeout,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    is_managed_externally: row.is_managed_externally === 1,
    external_url: row.external_url,
    datasource_id: row.datasource_id,
    datasource_type: row.datasource_type,
    url: sliceUrl(row.id),
    thumbnail_url: thumbnailUrl,
    changed_on_delta_humanized: humanizeDelta(row.changed_on, now),
    dashboards: dashboards.filter((d) => d.slice_id === row.id).map((d) => ({ id: d.id, dashboard_title: d.dashboard_title, json_metadata: d.json_metadata })),
    owners: ownerRefs(owners, row.id),
    tags: [],
  };
}

export function toChartListItem(
  row: SliceJoinedRow,
  owners: OwnerRow[],
  dashboards: SliceDashboardRow[],
  now = Date.now(),
  thumbnailUrl: string | null = null,
  onUnreadable?: OnUnreadableParams,
): ChartListItem {
  const createdBy = userRef(row.created_by_fk, row.created_by_first_name, row.created_by_last_name);
  const changedBy = userRef(row.changed_by_fk, row.changed_by_first_name, row.changed_by_last_name);
  return {
    id: row.id,
    uuid: row.uuid,
    slice_name: row.slice_name,
    viz_type: row.viz_type,
    params: row.params,
    query_context: row.query_context,
    description: row.description,
    description_markeddown: row.description ?? '',
    cache_timeout: row.cache_timeout,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    is_managed_externally: row.is_managed_externally === 1,
    datasource_id: row.datasource_id,
    datasource_type: row.datasource_type,
    datasource_name_text: datasourceNameText(row),
    datasource_url: row.table_name !== null ? datasetUrl(row.datasource_id) : null,
    slice_url: sliceUrl(row.id),
    url: sliceUrl(row.id),
    edit_url: `/chart/edit/${row.id}`,
    thumbnail_url: thumbnailUrl,
    form_data: formDataOf(row, onUnreadable),
    table: row.table_name !== null ? { table_name: row.table_name, default_endpoint: row.default_endpoint } : null,
    dashboards: dashboards.filter((d) => d.slice_id === row.id).map((d) => ({ id: d.id, dashboard_title: d.dashboard_title })),
    owners: ownerRefs(owners, row.id),
    created_by: createdBy,
    created_by_name: fullName(createdBy),
    created_on_delta_humanized: humanizeDelta(row.created_on, now),
    changed_by: changedBy,
    changed_by_name: fullName(changedBy),
    changed_on_utc: row.changed_on,
    changed_on_dttm: Date.parse(row.changed_on),
    changed_on_delta_humanized: humanizeDelta(row.changed_on, now),
    last_saved_at: row.last_saved_at,
    last_saved_by: userRef(row.last_saved_by_fk, row.last_saved_by_first_name, row.last_saved_by_last_name),
    tags: [],
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A chart description as HTML for `description_markeddown`: blank-line separated paragraphs of escaped
 * text, line breaks kept. Never raw markup: the description is user text.
 */
export function paragraphsHtml(text: string | null): string {
  if (!text?.trim()) return '';
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => `<p>${p.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}
