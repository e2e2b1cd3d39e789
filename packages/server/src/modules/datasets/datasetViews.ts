import { GENERIC_TYPE_CODES, type DatasetColumn, type DatasetListItem, type DatasetMetric, type DatasetShow, type UserRef, userRef } from '@tessera/core';
import { genericTypeOf } from '../../connectors/values.js';
import { humanizeDelta } from '../databases/humanizeDelta.js';
import { datasetLookups } from './datasetLookups.js';
import { ownersFor, type OwnerRow } from '../../metadata-store/ownerLinks.js';
import type { ColumnRow, DatasetJoinedRow, MetricRow } from './datasets.repository.js';

/** Superset's DatasetRestApi.list_columns: a list row carries exactly these (nested ones by dotted name). */
export const LIST_COLUMNS = [
  'id',
  'uuid',
  'table_name',
  'catalog',
  'schema',
  'sql',
  'kind',
  'database.id',
  'database.database_name',
  'datasource_type',
  'explore_url',
  'description',
  'extra',
  'owners.id',
  'owners.first_name',
  'owners.last_name',
  'changed_on_utc',
  'changed_on_delta_humanized',
  'changed_by.first_name',
  'changed_by.last_name',
  'changed_by_name',
  'default_endpoint',
];


const kindOf = (sql: string | null) => (sql && sql.trim() !== '' ? 'virtual' : 'physical');
export const exploreUrl = (id: number) => `/explore/?datasource_type=table&datasource_id=${id}`;

export function toColumn(c: ColumnRow): DatasetColumn {
  return {
    id: c.id,
    uuid: c.uuid,
    column_name: c.column_name,
    type: c.type,
    type_generic: c.type ? GENERIC_TYPE_CODES[genericTypeOf(c.type)] : null,
    is_dttm: c.is_dttm === 1,
    groupby: c.groupby === 1,
    filterable: c.filterable === 1,
    expression: c.expression,
    verbose_name: c.verbose_name,
    description: c.description,
    python_date_format: c.python_date_format,
    advanced_data_type: c.advanced_data_type,
    is_active: c.is_active === 1,
    extra: c.extra,
    created_on: c.created_on,
    changed_on: c.changed_on,
  };
}

export function toMetric(m: MetricRow): DatasetMetric {
  return {
    id: m.id,
    uuid: m.uuid,
    metric_name: m.metric_name,
    expression: m.expression,
    metric_type: m.metric_type,
    verbose_name: m.verbose_name,
    d3format: m.d3format,
    currency: m.currency,
    description: m.description,
    warning_text: m.warning_text,
    extra: m.extra,
    created_on: m.created_on,
    changed_on: m.changed_on,
  };
}

const ownerRefs: (owners: OwnerRow[], id: number) => UserRef[] = ownersFor;

export function toShow(
  row: DatasetJoinedRow,
  parts: { columns: ColumnRow[]; metrics: MetricRow[]; owners: OwnerRow[]; selectStar: string | null },
  now = Date.now(),
): DatasetShow {
  const columns = parts.columns.map(toColumn);
  const metrics = parts.metrics.map(toMetric);
  const lookups = datasetLookups({ ...row, columns, metrics });
  return {
    id: row.id,
    uuid: row.uuid,
    database: { id: row.database_id, database_name: row.database_name, backend: row.backend, allow_multi_catalog: false },
    datasource_name: row.table_name,
    table_name: row.table_name,
    sql: row.sql,
    catalog: row.catalog,
    schema: row.schema,
    description: row.description,
    main_dttm_col: row.main_dttm_col,
    filter_select_enabled: row.filter_select_enabled === 1,
    fetch_values_predicate: row.fetch_values_predicate,
    normalize_columns: row.normalize_columns === 1,
    always_filter_main_dttm: row.always_filter_main_dttm === 1,
    offset: row.offset,
    default_endpoint: row.default_endpoint,
    cache_timeout: row.cache_timeout,
    is_sqllab_view: row.is_sqllab_view === 1,
    is_managed_externally: row.is_managed_externally === 1,
    external_url: row.external_url,
    template_params: row.template_params,
    select_star: parts.selectStar,
    owners: ownerRefs(parts.owners, row.id),
    columns,
    metrics,
    datasource_type: 'table',
    url: exploreUrl(row.id),
    extra: row.extra,
    kind: kindOf(row.sql),
    created_on: row.created_on,
    changed_on: row.changed_on,
    changed_on_humanized: humanizeDelta(row.changed_on, now),
    created_by: userRef(row.created_by_fk, row.created_by_first_name, row.created_by_last_name),
    changed_by: userRef(row.changed_by_fk, row.changed_by_first_name, row.changed_by_last_name),
    created_on_humanized: humanizeDelta(row.created_on, now),
    ...lookups,
    folders: null,
  };
}

export function toListItem(row: DatasetJoinedRow, owners: OwnerRow[], now = Date.now()): DatasetListItem {
  const changedBy = userRef(row.changed_by_fk, row.changed_by_first_name, row.changed_by_last_name);
  return {
    id: row.id,
    uuid: row.uuid,
    table_name: row.table_name,
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    kind: kindOf(row.sql),
    database: { id: row.database_id, database_name: row.database_name },
    datasource_type: 'table',
    explore_url: exploreUrl(row.id),
    description: row.description,
    extra: row.extra,
    owners: ownerRefs(owners, row.id),
    changed_on_utc: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on, now),
    changed_by: changedBy,
    changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}`.trim() : '',
    default_endpoint: row.default_endpoint,
  };
}
