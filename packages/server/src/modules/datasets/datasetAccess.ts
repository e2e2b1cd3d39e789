import {
  ALL_DATABASE_ACCESS,
  ALL_DATASOURCE_ACCESS,
  canAccessSchema,
  dataAccessViews,
  hasPermission,
  type Principal,
} from '@tessera/core';
import { catalogueError, type ApiError } from '../../app/httpErrors.js';
import type { DatasetScope } from './datasets.repository.js';

const DATABASE_VIEW = /^\[.*\]\.\(id:(\d+)\)$/;
const SCHEMA_VIEW = /^\[(.*)\]\.\[(.*)\]$/;
const DATASOURCE_VIEW = /\(id:(\d+)\)$/;

/** Superset's DatasourceFilter: datasets in granted databases or schemas, or granted one by one. */
export function datasetScope(principal: Principal): DatasetScope {
  if (hasPermission(principal, ...ALL_DATABASE_ACCESS) || hasPermission(principal, ...ALL_DATASOURCE_ACCESS)) return 'all';
  const scope = { databaseIds: [] as number[], schemas: [] as { database: string; schema: string }[], datasetIds: [] as number[] };
  for (const role of principal.roles) {
    for (const [perm, view] of role.permissions) {
      if (perm === 'database_access') {
        const m = DATABASE_VIEW.exec(view);
        if (m?.[1]) scope.databaseIds.push(Number(m[1]));
      } else if (perm === 'schema_access') {
        const m = SCHEMA_VIEW.exec(view);
        if (m?.[1] !== undefined && m[2] !== undefined) scope.schemas.push({ database: m[1], schema: m[2] });
      } else if (perm === 'datasource_access') {
        const m = DATASOURCE_VIEW.exec(view);
        if (m?.[1]) scope.datasetIds.push(Number(m[1]));
      }
    }
  }
  return scope;
}

export function canAccessDataset(
  principal: Principal,
  ds: { id: number; table_name: string; schema: string | null; database_id: number; database_name: string },
): boolean {
  const db = { id: ds.database_id, database_name: ds.database_name };
  if (ds.schema !== null ? canAccessSchema(principal, db, ds.schema) : hasPermission(principal, 'database_access', dataAccessViews.database(db.database_name, db.id))) return true;
  if (hasPermission(principal, ...ALL_DATABASE_ACCESS) || hasPermission(principal, ...ALL_DATASOURCE_ACCESS)) return true;
  return hasPermission(principal, 'datasource_access', dataAccessViews.datasource(ds.database_name, ds.table_name, ds.id));
}

/**
 * Superset's answer to a datasource the caller may not query (raise_for_access): 403 with the catalogue's
 * DATASOURCE_SECURITY_ACCESS_ERROR, worded as get_datasource_access_error_msg. Every chart, explore and
 * legacy path answers with this one error.
 */
export function datasourceAccessError(ds: { table_name: string }): ApiError {
  return catalogueError(403, 'DATASOURCE_SECURITY_ACCESS_ERROR', `This endpoint requires the datasource ${ds.table_name}, database or \`all_datasource_access\` permission`);
}
