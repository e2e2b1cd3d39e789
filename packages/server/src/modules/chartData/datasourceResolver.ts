import {
  ALL_QUERY_ACCESS,
  GENERIC_TYPE_CODES,
  datasourceKey,
  hasPermission,
  isAdmin,
  splitStatements,
  type DatasetShow,
  type DatasourceColumn,
  type DatasourceDescriptor,
  type DatasourceType,
  type GenericType,
  type Principal,
  type SqlDialect,
} from '@tessera/core';
import { ApiError, catalogueError, notFound } from '../../app/httpErrors.js';
import { sqlDialectOf } from '../../connectors/sqlDialect.js';
import type { ConnectorHandle } from '../../connectors/types.js';
import { parseTemplateParams, renderTemplate } from '../../query-engine/renderTemplate.js';
import type { DatabaseRow } from '../databases/databases.repository.js';
import type { DatabasesService } from '../databases/databases.service.js';
import { canAccessDataset, datasourceAccessError } from '../datasets/datasetAccess.js';
import type { DatasetsService } from '../datasets/datasets.service.js';
import { SYSTEM_PRINCIPAL } from '../security/systemPrincipal.js';
import type { ChartDataRepository, DatasetVersion } from './chartData.repository.js';

/** Everything a chart query needs about where it runs. */
export interface ResolvedDatasource {
  type: DatasourceType;
  id: number;
  descriptor: DatasourceDescriptor;
  /** Changes whenever the definition does: part of every cache key. */
  version: string;
  database: DatabaseRow;
  handle: ConnectorHandle;
  dialect: SqlDialect;
  /** The dataset's own cache_timeout (null for SQL Lab queries and saved queries). */
  cacheTimeout: number | null;
  /** The dataset as the datasets API shows it (null for query and saved_query datasources). */
  dataset: DatasetShow | null;
}

interface CachedDataset {
  version: string;
  show: DatasetShow;
  descriptor: DatasourceDescriptor;
  database: DatabaseRow;
  /** Opened once per version: the pool's lookup hashes the whole database row on every call. */
  connection: Promise<{ handle: ConnectorHandle; dialect: SqlDialect }>;
}

/**
 * How long a dataset's version read is trusted. Under a burst of cached answers this turns a metadata
 * read per request into one per window; an edit is seen at most this late.
 */
const VERSION_TTL_MS = 100;

const GENERIC_BY_CODE: Record<number, GenericType> = Object.fromEntries(
  Object.entries(GENERIC_TYPE_CODES).map(([name, code]) => [code, name as GenericType]),
);

const CACHE_LIMIT = 500;

function allowsAdhocSubquery(db: DatabaseRow, globally: boolean): boolean {
  if (globally) return true;
  try {
    return (JSON.parse(db.extra ?? '{}') as { allow_adhoc_subquery?: unknown }).allow_adhoc_subquery === true;
  } catch {
    return false;
  }
}

/** A virtual dataset's SQL with its template parameters applied. */
function renderedSql(sql: string, templateParams: string | null): string {
  try {
    return renderTemplate(sql, parseTemplateParams(templateParams));
  } catch (err) {
    throw catalogueError(400, 'INVALID_TEMPLATE_PARAMS_ERROR', err instanceof Error ? err.message : String(err));
  }
}

export function descriptorOfDataset(show: DatasetShow): DatasourceDescriptor {
  const virtual = Boolean(show.sql?.trim());
  return {
    key: datasourceKey(show.id, 'table'),
    schema: show.schema,
    table_name: show.table_name,
    sql: virtual ? renderedSql(show.sql!, show.template_params) : null,
    columns: show.columns
      .filter((c) => c.is_active)
      .map<DatasourceColumn>((c) => ({
        column_name: c.column_name,
        type: c.type,
        generic_type: c.type_generic === null ? null : (GENERIC_BY_CODE[c.type_generic] ?? null),
        is_dttm: c.is_dttm,
        groupby: c.groupby,
        filterable: c.filterable,
        expression: c.expression?.trim() ? c.expression : null,
        python_date_format: c.python_date_format,
      })),
    metrics: show.metrics.map((m) => ({
      metric_name: m.metric_name,
      expression: m.expression,
      d3format: m.d3format,
      currency: m.currency,
      verbose_name: m.verbose_name,
    })),
    main_dttm_col: show.main_dttm_col,
    always_filter_main_dttm: show.always_filter_main_dttm,
  };
}

/**
 * Finds a chart query's datasource and checks the caller may read it. Datasets are kept between
 * requests and re-read only when their `changed_on` (or their database's) moves, so the hot path
 * costs one small metadata read instead of the full dataset show.
 */
export class DatasourceResolver {
  private readonly datasets = new Map<number, CachedDataset>();
  private readonly versions = new Map<number, { at: number; row: Promise<DatasetVersion | null> }>();
  /** Column lists of SQL Lab queries and saved queries, keyed by their SQL and database. */
  private readonly virtualColumns = new Map<string, DatasourceColumn[]>();

  constructor(
    private readonly deps: {
      repo: ChartDataRepository;
      datasets: DatasetsService;
      databases: DatabasesService;
      allowAdhocSubquery: boolean;
    },
  ) {
    // An edit made in this process is seen at once; one made by another process within VERSION_TTL_MS.
    deps.datasets.onChange((id) => {
      this.versions.delete(id);
      this.datasets.delete(id);
    });
  }

  async resolve(principal: Principal, type: string, id: number): Promise<ResolvedDatasource> {
    switch (type) {
      case 'table':
      case 'dataset':
      case 'sl_table':
        return this.dataset(principal, id, type);
      case 'query':
        return this.sqlLabQuery(principal, id);
      case 'saved_query':
        return this.savedQuery(principal, id);
      default:
        throw catalogueError(400, 'UNKNOWN_DATASOURCE_TYPE_ERROR', `Unknown datasource type: ${type}`);
    }
  }

  private async connect(database: DatabaseRow): Promise<{ handle: ConnectorHandle; dialect: SqlDialect }> {
    const handle = await this.deps.databases.handle(database);
    const dialect = sqlDialectOf(handle.connector.name, handle.connector.capabilities, allowsAdhocSubquery(database, this.deps.allowAdhocSubquery));
    return { handle, dialect };
  }

  private datasetVersion(id: number): Promise<DatasetVersion | null> {
    const now = Date.now();
    const memo = this.versions.get(id);
    if (memo && now - memo.at < VERSION_TTL_MS) return memo.row;
    const row = this.deps.repo.datasetVersion(id);
    if (this.versions.size >= CACHE_LIMIT) this.versions.clear();
    this.versions.set(id, { at: now, row });
    row.catch(() => this.versions.delete(id));
    return row;
  }

  private async dataset(principal: Principal, id: number, type: DatasourceType): Promise<ResolvedDatasource> {
    const current = await this.datasetVersion(id);
    if (!current) throw notFound('Datasource does not exist');
    const version = `${current.changed_on}|${current.database_changed_on}`;
    let cached = this.datasets.get(id);
    if (cached && cached.version === version) {
      if (!canAccessDataset(principal, current)) throw this.noAccess(current);
    } else {
      cached = await this.load(principal, id, version);
    }
    const { handle, dialect } = await cached.connection;
    return {
      type,
      id,
      descriptor: cached.descriptor,
      version,
      database: cached.database,
      handle,
      dialect,
      cacheTimeout: cached.show.cache_timeout,
      dataset: cached.show,
    };
  }

  private noAccess(ds: DatasetVersion): ApiError {
    return datasourceAccessError(ds);
  }

  private async load(principal: Principal, id: number, version: string): Promise<CachedDataset> {
    let show: DatasetShow;
    try {
      show = await this.deps.datasets.show(principal, id);
    } catch (err) {
      // The dataset exists (its version was just read): a 404 from the datasets service means no access.
      if (err instanceof ApiError && err.statusCode === 404) {
        const current = await this.deps.repo.datasetVersion(id);
        if (current) throw this.noAccess(current);
      }
      throw err;
    }
    const database = await this.deps.databases.findVisible(SYSTEM_PRINCIPAL, show.database.id);
    const connection = this.connect(database);
    // A failed open is not kept: the next request tries again.
    connection.catch(() => this.datasets.delete(id));
    const entry: CachedDataset = { version, show, descriptor: descriptorOfDataset(show), database, connection };
    if (this.datasets.size >= CACHE_LIMIT) this.datasets.delete(this.datasets.keys().next().value!);
    this.datasets.set(id, entry);
    return entry;
  }

  private canSeeAllQueries(principal: Principal): boolean {
    return isAdmin(principal) || hasPermission(principal, ...ALL_QUERY_ACCESS);
  }

  private async sqlLabQuery(principal: Principal, id: number): Promise<ResolvedDatasource> {
    const row = await this.deps.repo.queryById(id);
    if (!row) throw notFound('Datasource does not exist');
    if (row.user_id !== principal.id && !this.canSeeAllQueries(principal)) {
      throw catalogueError(403, 'QUERY_SECURITY_ACCESS_ERROR', 'You are not allowed to use this query as a datasource.');
    }
    // The SQL as written, not the executed text (it carries SQL Lab's display limit + 1).
    const sql = renderedSql(lastStatement(row.sql), row.template_params);
    return this.virtual('query', id, row.database_id, row.schema, row.tab_name ?? `query_${id}`, sql, row.changed_on);
  }

  private async savedQuery(principal: Principal, id: number): Promise<ResolvedDatasource> {
    const row = await this.deps.repo.savedQueryById(id);
    if (!row) throw notFound('Datasource does not exist');
    const owner = row.user_id ?? row.created_by_fk;
    if (owner !== principal.id && !this.canSeeAllQueries(principal)) {
      throw catalogueError(403, 'QUERY_SECURITY_ACCESS_ERROR', 'You are not allowed to use this saved query as a datasource.');
    }
    const sql = renderedSql(lastStatement(row.sql), row.template_parameters);
    return this.virtual('saved_query', id, row.db_id, row.schema, row.label, sql, row.changed_on);
  }

  /** SQL Lab queries and saved queries become virtual datasources over their SQL, with the columns of its result. */
  private async virtual(type: DatasourceType, id: number, databaseId: number, schema: string | null, name: string, sql: string, version: string): Promise<ResolvedDatasource> {
    const database = await this.deps.databases.findVisible(SYSTEM_PRINCIPAL, databaseId);
    const { handle, dialect } = await this.connect(database);
    const columnsKey = `${databaseId}\u0000${sql}`;
    let columns = this.virtualColumns.get(columnsKey);
    if (!columns) {
      const probe = await handle.execute(`SELECT * FROM (${sql}) AS virtual_table LIMIT 1`, { limit: 1 }).catch((err: unknown) => {
        throw catalogueError(400, 'GENERIC_DB_ENGINE_ERROR', err instanceof Error ? err.message : String(err));
      });
      columns = probe.columns.map((c) => ({
        column_name: c.name,
        type: c.type,
        generic_type: c.genericType,
        is_dttm: c.genericType === 'Temporal',
        groupby: true,
        filterable: true,
        expression: null,
      }));
      if (this.virtualColumns.size >= CACHE_LIMIT) this.virtualColumns.delete(this.virtualColumns.keys().next().value!);
      this.virtualColumns.set(columnsKey, columns);
    }
    const descriptor: DatasourceDescriptor = {
      key: datasourceKey(id, type),
      schema,
      table_name: name,
      sql,
      columns,
      metrics: [],
      main_dttm_col: columns.find((c) => c.is_dttm)?.column_name ?? null,
    };
    return { type, id, descriptor, version, database, handle, dialect, cacheTimeout: null, dataset: null };
  }
}

/** The SELECT a SQL Lab script ends with, without its trailing semicolon. */
function lastStatement(sql: string): string {
  const statements = splitStatements(sql);
  return (statements[statements.length - 1] ?? sql).trim().replace(/;+\s*$/, '');
}
