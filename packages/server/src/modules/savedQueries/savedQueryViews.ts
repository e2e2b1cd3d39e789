import type { SavedQueryListItem, SavedQueryShow } from '@tessera/core';
import { userRef } from '@tessera/core';
import { humanizeDelta } from '../databases/humanizeDelta.js';
import type { SavedQueryJoinedRow } from './savedQueries.repository.js';
import { sqlTables } from './sqlTables.js';

export const SHOW_COLUMNS = [
  'changed_on',
  'changed_on_delta_humanized',
  'changed_by.first_name',
  'changed_by.id',
  'changed_by.last_name',
  'created_by.first_name',
  'created_by.id',
  'created_by.last_name',
  'database.database_name',
  'database.id',
  'description',
  'id',
  'label',
  'catalog',
  'schema',
  'sql',
  'sql_tables',
  'template_parameters',
  'uuid',
];

export const LIST_COLUMNS = [
  ...SHOW_COLUMNS,
  'created_on',
  'db_id',
  'extra',
  'extra_json',
  'last_run_delta_humanized',
  'rows',
];


function parseObject(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function toShow(row: SavedQueryJoinedRow, now = Date.now()): SavedQueryShow {
  return {
    id: row.id,
    uuid: row.uuid,
    label: row.label,
    description: row.description,
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    sql_tables: sqlTables(row.sql),
    template_parameters: row.template_parameters,
    database: { id: row.db_id, database_name: row.database_name },
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on, now),
    changed_by: userRef(row.changed_by_fk, row.changed_by_first_name, row.changed_by_last_name),
    created_by: userRef(row.created_by_fk, row.created_by_first_name, row.created_by_last_name),
  };
}

export function toListItem(row: SavedQueryJoinedRow, now = Date.now()): SavedQueryListItem {
  return {
    ...toShow(row, now),
    created_on: row.created_on,
    db_id: row.db_id,
    extra: parseObject(row.extra_json),
    extra_json: row.extra_json,
    last_run_delta_humanized: row.last_run ? humanizeDelta(row.last_run, now) : '',
    rows: row.rows,
  };
}

/** The legacy `/savedqueryviewapi/api/*` item: the model's own columns. */
export function toLegacyItem(row: SavedQueryJoinedRow) {
  return {
    id: row.id,
    db_id: row.db_id,
    label: row.label,
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    description: row.description,
    template_parameters: row.template_parameters,
    extra_json: row.extra_json,
    user_id: row.user_id,
  };
}
