import {
  ALL_QUERY_ACCESS,
  GENERIC_TYPE_CODES,
  datasourceKey,
  ENGINES,
  type Engine,
  hasPermission,
  isAdmin,
  splitStatements,
  type DatasetShow,
  type DatasourceColumn,
  type DatasourceDescriptor,
  type DatasourceType,
  type GenericType,
  type Principal,
  type QueryObject,
  type RowLevelSecurityGroups,
  type SqlDialect,
} from '@tessera/core';
import { ApiError, catalogueError, notFound } from '../../app/httpErrors.js';
import { sqlDialectOf } from '../../connectors/sqlDialect.js';
import type { ConnectorHandle } from '../../connectors/types.js';
import { parseTemplateParams, renderTemplate, undeclaredVariables } from '../../query-engine/renderTemplate.js';
import { CLOCK_TEMPLATE_NAMES, chartQueryTemplate, QUERY_TEMPLATE_NAMES, type ChartQueryTemplate } from '../../query-engine/template/chartQueryTemplate.js';
import { templateContext } from '../../query-engine/template/templateContext.js';
import { connectorForEngine } from '../../connectors/registry.js';
import type { DatabaseRow } from '../databases/databases.repository.js';
import type { DatabasesService } from '../databases/databases.service.js';
import { canAccessDataset, datasourceAccessError } from '../datasets/datasetAccess.js';
import type { DatasetsService } from '../datasets/datasets.service.js';
import type { RowLevelSecurityForData } from '../rowLevelSecurity/index.js';
import type { SqlGuard } from '../security/sqlGuard.js';
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
  /** Whose row level security applies (the caller, also when the datasource was reached on their behalf). */
  viewer: Principal;
  /** The viewer's row level security on this datasource, rendered: compiled into every query and part of every cache key. */
  rowLevelSecurity: RowLevelSecurityGroups;
  /** Refuses SQL calling a function the database's engine disallows (the SQL guard), before it runs. */
  checkSql: (sql: string) => void;
  /** Set when the virtual dataset's template reads the chart query (filter_values, ...): its descriptor per query. */
  descriptorFor?: (query: QueryObject) => DatasourceDescriptor;
}

interface CachedDataset {
  version: string;
  show: DatasetShow;
  descriptor: DatasourceDescriptor;
  descriptorFor: ((query: QueryObject) => DatasourceDescriptor) | null;
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

const NO_QUERY_PARAMS = { from_dttm: null, to_dttm: null };

/**
 * A virtual datasource's SQL with its template parameters applied. A rendering is shared by every caller (kept per
 * dataset version, or per query object), so only macros that answer alike for everyone are offered: no current-user
 * macros. Without a query, filter_values, get_filters, url_param and get_time_filter answer as in SQL Lab (empty, or
 * their defaults) and from_dttm / to_dttm are None; with one, they read it (chartQueryTemplate.ts).
 */
function renderedSql(sql: string, templateParams: string | null, backend: string | null = null, query: ChartQueryTemplate | null = null): string {
  const dialect = ENGINES.some((e) => e === backend) ? connectorForEngine(backend as Engine).capabilities : null;
  try {
    // Superset's order: the query's variables (None without a query) first, the dataset's own parameters over them.
    const params = { ...(query?.params ?? NO_QUERY_PARAMS), ...parseTemplateParams(templateParams) };
    return renderTemplate(sql, params, templateContext({ dialect, ...query?.request }));
  } catch (err) {
    throw catalogueError(400, 'INVALID_TEMPLATE_PARAMS_ERROR', err instanceof Error ? err.message : String(err));
  }
}

/**
 * A virtual dataset whose template reads the chart query (filter_values, get_filters, get_time_filter, url_param,
 * from_dttm, to_dttm) is rendered per query object; the result is kept per (frozen) query object, so the compile
 * memo still sees one descriptor for it, unless it reads the clock (relative time ranges).
 */
function queryDescriptors(show: DatasetShow, base: DatasourceDescriptor): ((query: QueryObject) => DatasourceDescriptor) | null {
  const sql = show.sql?.trim() ? show.sql : null;
  const names = sql ? undeclaredVariables(sql, []) : [];
  if (!sql || !names.some((n) => QUERY_TEMPLATE_NAMES.includes(n))) return null;
  const clock = names.some((n) => CLOCK_TEMPLATE_NAMES.includes(n));
  const memo = new WeakMap<QueryObject, DatasourceDescriptor>();
  const columnTypes = new Map(show.columns.map((c) => [c.column_name, c.type]));
  return (query) => {
    const known = clock ? undefined : memo.get(query);
    if (known) return known;
    const template = chartQueryTemplate(query, new Date());
    const request = { ...template.request, columnTypes };
    const descriptor = { ...base, sql: renderedSql(sql, show.template_params, show.database.backend, { ...template, request }) };
    if (!clock) memo.set(query, descriptor);
    return descriptor;
  };
}

export function descriptorOfDataset(show: DatasetShow): DatasourceDescriptor {
  const virtual = Boolean(show.sql?.trim());
  return {
    key: datasourceKey(show.id, 'table'),
    schema: show.schema,
    table_name: show.table_name,
    sql: virtual ? renderedSql(show.sql!, show.template_params, show.database.backend) : null,
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
      rowLevelSecurity: RowLevelSecurityForData;
      allowAdhocSubquery: boolean;
      guard: SqlGuard;
    },
  ) {
    // An edit made in this process is seen at once; one made by another process within VERSION_TTL_MS.
    deps.datasets.onChange((id) => {
      this.versions.delete(id);
      this.datasets.delete(id);
    });
  }

  /**
   * `viewer` is whose row level security applies: the caller, unless the access check is made for someone else
   * (a chart annotation layer reads its source chart's dataset as the server, under the caller's rules).
   */
  async resolve(principal: Principal, type: string, id: number, viewer: Principal = principal): Promise<ResolvedDatasource> {
    switch (type) {
      case 'table':
      case 'dataset':
      case 'sl_table':
        return this.dataset(principal, id, type, viewer);
      case 'query':
        return this.sqlLabQuery(principal, id, viewer);
      case 'saved_query':
        return this.savedQuery(principal, id, viewer);
      default:
        throw catalogueError(400, 'UNKNOWN_DATASOURCE_TYPE_ERROR', `Unknown datasource type: ${type}`);
    }
  }

  private async connect(database: DatabaseRow): Promise<{ handle: ConnectorHandle; dialect: SqlDialect }> {
    const handle = await this.deps.databases.handle(database);
    const dialect = sqlDialectOf(
      handle.connector.name,
      handle.connector.capabilities,
      allowsAdhocSubquery(database, this.deps.allowAdhocSubquery),
      this.deps.guard.disallowedFor(database.backend),
    );
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

  /** The viewer's row level security on a datasource, without resolving it (cache keys of annotation sources). */
  async rowLevelSecurityOf(viewer: Principal, type: string, id: number): Promise<RowLevelSecurityGroups> {
    // SQL Lab queries and saved queries get no predicates: they are refused when they read a restricted table.
    return type === 'table' || type === 'dataset' || type === 'sl_table' ? this.deps.rowLevelSecurity.forDataset(viewer, id) : [];
  }

  private async dataset(principal: Principal, id: number, type: DatasourceType, viewer: Principal): Promise<ResolvedDatasource> {
    const current = await this.datasetVersion(id);
    if (!current) throw notFound('Datasource does not exist');
    const version = `${current.changed_on}|${current.database_changed_on}`;
    let cached = this.datasets.get(id);
    if (cached && cached.version === version) {
      if (!canAccessDataset(principal, current)) throw this.noAccess(current);
    } else {
      cached = await this.load(principal, id, version);
    }
    const [{ handle, dialect }, rowLevelSecurity] = await Promise.all([cached.connection, this.deps.rowLevelSecurity.forDataset(viewer, id)]);
    return {
      type,
      id,
      descriptor: cached.descriptor,
      ...(cached.descriptorFor ? { descriptorFor: cached.descriptorFor } : {}),
      version,
      database: cached.database,
      handle,
      dialect,
      cacheTimeout: cached.show.cache_timeout,
      dataset: cached.show,
      viewer,
      rowLevelSecurity,
      checkSql: this.checkSqlOf(cached.database),
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
    const descriptor = descriptorOfDataset(show);
    const entry: CachedDataset = { version, show, descriptor, descriptorFor: queryDescriptors(show, descriptor), database, connection };
    if (this.datasets.size >= CACHE_LIMIT) this.datasets.delete(this.datasets.keys().next().value!);
    this.datasets.set(id, entry);
    return entry;
  }

  private canSeeAllQueries(principal: Principal): boolean {
    return isAdmin(principal) || hasPermission(principal, ...ALL_QUERY_ACCESS);
  }

  private async sqlLabQuery(principal: Principal, id: number, viewer: Principal): Promise<ResolvedDatasource> {
    const row = await this.deps.repo.queryById(id);
    if (!row) throw notFound('Datasource does not exist');
    if (row.user_id !== principal.id && !this.canSeeAllQueries(principal)) {
      throw catalogueError(403, 'QUERY_SECURITY_ACCESS_ERROR', 'You are not allowed to use this query as a datasource.');
    }
    // The SQL as written, not the executed text (it carries SQL Lab's display limit + 1).
    const sql = renderedSql(lastStatement(row.sql), row.template_params);
    return this.virtual('query', id, row.database_id, row.schema, row.tab_name ?? `query_${id}`, sql, row.changed_on, viewer);
  }

  private async savedQuery(principal: Principal, id: number, viewer: Principal): Promise<ResolvedDatasource> {
    const row = await this.deps.repo.savedQueryById(id);
    if (!row) throw notFound('Datasource does not exist');
    const owner = row.user_id ?? row.created_by_fk;
    if (owner !== principal.id && !this.canSeeAllQueries(principal)) {
      throw catalogueError(403, 'QUERY_SECURITY_ACCESS_ERROR', 'You are not allowed to use this saved query as a datasource.');
    }
    const sql = renderedSql(lastStatement(row.sql), row.template_parameters);
    return this.virtual('saved_query', id, row.db_id, row.schema, row.label, sql, row.changed_on, viewer);
  }

  /** SQL Lab queries and saved queries become virtual datasources over their SQL, with the columns of its result. */
  private async virtual(
    type: DatasourceType,
    id: number,
    databaseId: number,
    schema: string | null,
    name: string,
    sql: string,
    version: string,
    viewer: Principal,
  ): Promise<ResolvedDatasource> {
    const database = await this.deps.databases.findVisible(SYSTEM_PRINCIPAL, databaseId);
    const { handle, dialect } = await this.connect(database);
    // Their SQL is the user's own, as in SQL Lab: the same safety layer (table access, disallowed functions) applies.
    await this.deps.guard.assertCanRun(viewer, database, schema ?? handle.connector.capabilities.defaultSchema, sql);
    // It cannot carry a rule's predicate, so SQL Lab's row level security refusal applies too.
    await this.deps.rowLevelSecurity.assertSqlLabAllowed(viewer, database, schema ?? handle.connector.capabilities.defaultSchema, sql);
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
    return { type, id, descriptor, version, database, handle, dialect, cacheTimeout: null, dataset: null, viewer, rowLevelSecurity: [], checkSql: this.checkSqlOf(database) };
  }

  private checkSqlOf(database: DatabaseRow): (sql: string) => void {
    return (sql) => this.deps.guard.assertAllowedFunctions(database.backend, sql);
  }
}

/** The SELECT a SQL Lab script ends with, without its trailing semicolon. */
function lastStatement(sql: string): string {
  const statements = splitStatements(sql);
  return (statements[statements.length - 1] ?? sql).trim().replace(/;+\s*$/, '');
}
