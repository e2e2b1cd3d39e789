import { canAccessSchema, errorEntry, type Principal, type TableExtra, type TableMetadata, type TablesResponse } from '@tessera/core';
import { ApiError } from '../../app/httpErrors.js';
import { buildSelectStar } from '../../connectors/sql/buildSelectStar.js';
import type { ConnectorHandle, TableDetails } from '../../connectors/types.js';
import { byCodePoint } from '../../connectors/values.js';
import { specFromUri } from '../../connectors/registry.js';
import { connectorHttpError } from './connectorHttpError.js';
import { canUseWholeDatabase, visibleSchemas } from './databaseAccess.js';
import type { DatabaseRow } from './databases.repository.js';
import type { DatabasesService } from './databases.service.js';
import type { MetadataCache } from './metadataCache.js';
import { parseJsonObject } from './secretJson.js';

const DEFAULT_CACHE_SECONDS = 300;
const SELECT_STAR_LIMIT = 100;

/** `extra.metadata_cache_timeout.{schema,table}_cache_timeout` in seconds; 0 means never expire (Superset). */
function cacheTtlMs(row: DatabaseRow, key: 'schema_cache_timeout' | 'table_cache_timeout'): number {
  const timeouts = parseJsonObject(row.extra).metadata_cache_timeout;
  const value = timeouts && typeof timeouts === 'object' && !Array.isArray(timeouts) ? timeouts[key] : undefined;
  const seconds = typeof value === 'number' && value >= 0 ? value : DEFAULT_CACHE_SECONDS;
  return seconds === 0 ? Number.POSITIVE_INFINITY : seconds * 1000;
}

function tableNotFound(schema: string, table: string): ApiError {
  return new ApiError(404, {
    message: 'Table not found',
    errors: [
      errorEntry('TABLE_DOES_NOT_EXIST_ERROR', `The table "${schema}.${table}" does not exist.`, {
        schema_name: schema,
        table_name: table,
      }),
    ],
  });
}

/** Superset's table metadata payload: `type` is the base type, `longType` the full one, keys repeated per column. */
export function toTableMetadata(details: TableDetails, selectStar: string): TableMetadata {
  const primaryKey = { column_names: details.primaryKey.columns, name: details.primaryKey.name, type: 'pk' as const };
  const foreignKeys = details.foreignKeys.map((fk) => ({
    column_names: fk.columns,
    name: fk.name,
    options: fk.options,
    referred_columns: fk.referredColumns,
    referred_schema: fk.referredSchema,
    referred_table: fk.referredTable,
    type: 'fk' as const,
  }));
  const indexes = details.indexes.map((i) => ({ column_names: i.columns, name: i.name, type: 'index' as const, unique: i.unique }));
  const keys = [...(primaryKey.column_names.length > 0 ? [primaryKey] : []), ...foreignKeys, ...indexes];
  return {
    name: details.name,
    columns: details.columns.map((c) => ({
      name: c.name,
      type: c.type.split('(')[0]!,
      longType: c.type,
      keys: keys.filter((k) => k.column_names.includes(c.name)),
      comment: c.comment,
    })),
    selectStar,
    primaryKey,
    foreignKeys,
    indexes,
    comment: details.comment,
  };
}

/**
 * Schemas, tables and table metadata of a database, for SQL Lab's left bar and the dataset editor.
 * Callers without access to the database get 404; without a schema grant they see nothing inside it.
 */
export class DatabaseMetadataService {
  constructor(
    private readonly databases: DatabasesService,
    private readonly cache: MetadataCache,
  ) {}

  private handle(row: DatabaseRow): Promise<ConnectorHandle> {
    return this.databases.handle(row);
  }

  private async run<T>(row: DatabaseRow, fn: (handle: ConnectorHandle) => Promise<T>): Promise<T> {
    const handle = await this.handle(row);
    try {
      return await fn(handle);
    } catch (err) {
      throw connectorHttpError(err);
    }
  }

  async schemas(principal: Principal, id: number, force: boolean): Promise<string[]> {
    const row = await this.databases.findVisible(principal, id);
    const all = await this.cache.get(id, 'schemas', cacheTtlMs(row, 'schema_cache_timeout'), force, () =>
      this.run(row, (h) => h.getSchemas()),
    );
    return visibleSchemas(principal, row, [...all].sort(byCodePoint));
  }

  async tables(principal: Principal, id: number, schema: string, force: boolean): Promise<TablesResponse> {
    const row = await this.databases.findVisible(principal, id);
    if (!canAccessSchema(principal, row, schema)) return { count: 0, result: [] };
    const tables = await this.cache.get(id, `tables\u0000${schema}`, cacheTtlMs(row, 'table_cache_timeout'), force, () =>
      this.run(row, (h) => h.getTables(schema)),
    );
    const result = [...tables]
      .sort((a, b) => byCodePoint(a.name, b.name))
      .map((t) => ({ value: t.name, type: t.type, extra: null }));
    return { count: result.length, result };
  }

  /** MySQL's "schema" defaults to the database of the connection; others have a named default. */
  private defaultSchema(row: DatabaseRow, handle: ConnectorHandle): string {
    return handle.connector.capabilities.defaultSchema ?? specFromUri(row.sqlalchemy_uri).database ?? '';
  }

  private async details(principal: Principal, id: number, table: string, schema: string | undefined) {
    const row = await this.databases.findVisible(principal, id);
    const handle = await this.handle(row);
    const schemaName = schema ?? this.defaultSchema(row, handle);
    // A table in a schema the caller may not see does not exist for them.
    if (!canUseWholeDatabase(principal, row) && !canAccessSchema(principal, row, schemaName)) throw tableNotFound(schemaName, table);
    const details = await this.run(row, (h) => h.getTableMetadata(schemaName, table));
    if (!details) throw tableNotFound(schemaName, table);
    return { row, handle, schemaName, details };
  }

  async tableMetadata(principal: Principal, id: number, table: string, schema: string | undefined): Promise<TableMetadata> {
    const { handle, schemaName, details } = await this.details(principal, id, table, schema);
    const selectStar = buildSelectStar(
      handle.connector.capabilities,
      schemaName,
      table,
      details.columns.map((c) => c.name),
      SELECT_STAR_LIMIT,
    );
    return toTableMetadata(details, selectStar);
  }

  async tableExtra(principal: Principal, id: number, table: string, schema: string | undefined): Promise<TableExtra> {
    const { row, schemaName } = await this.details(principal, id, table, schema);
    return this.run(row, (h) => h.getTableExtra(schemaName, table));
  }

  /** `select_star/`: `SELECT *` form (Superset's default show_cols=False), limit 100. */
  async selectStar(principal: Principal, id: number, table: string, schema: string | undefined): Promise<string> {
    const { handle, schemaName } = await this.details(principal, id, table, schema);
    return buildSelectStar(handle.connector.capabilities, schemaName, table, [], SELECT_STAR_LIMIT);
  }

  /** No connector switches catalogs yet, so every database has only its implicit catalog. */
  async catalogs(principal: Principal, id: number): Promise<string[]> {
    await this.databases.findVisible(principal, id);
    return [];
  }

  async functionNames(principal: Principal, id: number): Promise<string[]> {
    const row = await this.databases.findVisible(principal, id);
    return this.cache.get(id, 'functions', cacheTtlMs(row, 'table_cache_timeout'), false, () =>
      this.run(row, (h) => h.getFunctionNames()),
    );
  }
}
