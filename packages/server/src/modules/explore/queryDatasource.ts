import {
  ALL_QUERY_ACCESS,
  GENERIC_TYPE_CODES,
  hasPermission,
  isAdmin,
  splitStatements,
  TIME_GRAINS,
  type ExploreDataset,
  type Principal,
} from '@tessera/core';
import { catalogueError } from '../../app/httpErrors.js';
import { genericTypeOf } from '../../connectors/values.js';
import { parseTemplateParams, renderTemplate } from '../../query-engine/renderTemplate.js';
import { templateContext } from '../../query-engine/template/templateContext.js';
import type { DatabasesService } from '../databases/databases.service.js';
import type { SqlGuard } from '../security/sqlGuard.js';
import { virtualColumns } from '../datasets/datasetColumns.js';
import type { ExploreRepository, QuerySource } from './explore.repository.js';

const lastStatement = (sql: string) => {
  const statements = splitStatements(sql);
  return (statements[statements.length - 1] ?? sql).trim().replace(/;+\s*$/, '');
};

/**
 * SQL Lab queries and saved queries opened in the explorer ("Create chart" from results): a dataset-like
 * answer whose columns are those of the query's result. Only their owner (or whoever sees all queries) may.
 */
export class QueryDatasources {
  constructor(
    private readonly repo: ExploreRepository,
    private readonly databases: DatabasesService,
    private readonly guard: SqlGuard,
  ) {}

  /** The query when the caller may use it: 404 when it is gone, 403 when it is someone else's. */
  async source(principal: Principal, type: 'query' | 'saved_query', id: number): Promise<QuerySource> {
    const source = type === 'query' ? await this.repo.query(id) : await this.repo.savedQuery(id);
    if (!source) throw catalogueError(404, 'OBJECT_DOES_NOT_EXIST_ERROR', 'Datasource does not exist');
    if (source.owner !== principal.id && !isAdmin(principal) && !hasPermission(principal, ...ALL_QUERY_ACCESS)) {
      throw catalogueError(403, 'QUERY_SECURITY_ACCESS_ERROR', 'You are not allowed to use this query as a datasource.');
    }
    return source;
  }

  async describe(principal: Principal, type: 'query' | 'saved_query', id: number): Promise<ExploreDataset> {
    const source = await this.source(principal, type, id);
    const db = await this.databases.findVisible(principal, source.database_id).catch(() => {
      throw catalogueError(403, 'DATABASE_SECURITY_ACCESS_ERROR', 'You do not have access to the database of this query.');
    });
    const handle = await this.databases.handle(db);
    // The query is the caller's SQL run again: SQL Lab's safety layer applies (table access, disallowed functions).
    const columns = await virtualColumns(handle, this.sqlOf(source), 'created', {}, (rendered) =>
      this.guard.assertCanRun(principal, db, source.schema ?? handle.connector.capabilities.defaultSchema, rendered),
    );
    return this.toDataset(type, source, { id: db.id, database_name: db.database_name, backend: db.backend }, columns);
  }

  private sqlOf(source: QuerySource): string {
    try {
      // As the chart engine renders it (datasourceResolver.ts): shared macros only, no current user.
      return renderTemplate(lastStatement(source.sql), parseTemplateParams(source.template_params), templateContext({}));
    } catch (err) {
      throw catalogueError(400, 'INVALID_TEMPLATE_PARAMS_ERROR', err instanceof Error ? err.message : String(err));
    }
  }

  private toDataset(
    type: 'query' | 'saved_query',
    source: QuerySource,
    database: ExploreDataset['database'],
    inferred: { name: string; type: string; isDttm: boolean }[],
  ): ExploreDataset {
    const columns = inferred.map((c, i) => ({
      id: i + 1,
      uuid: '',
      column_name: c.name,
      type: c.type || null,
      // Same rule as a saved dataset's columns, so the datasource panel groups them by type.
      type_generic: c.isDttm ? GENERIC_TYPE_CODES.Temporal : c.type ? GENERIC_TYPE_CODES[genericTypeOf(c.type)] : null,
      is_dttm: c.isDttm,
      groupby: true,
      filterable: true,
      expression: null,
      verbose_name: null,
      description: null,
      python_date_format: null,
      advanced_data_type: null,
      is_active: true,
      extra: null,
    }));
    const temporal = columns.filter((c) => c.is_dttm).map((c): [string, string] => [c.column_name, c.column_name]);
    return {
      id: source.id,
      uid: `${source.id}__${type}`,
      type,
      name: source.name,
      datasource_name: source.name,
      table_name: source.name,
      schema: source.schema,
      catalog: null,
      description: null,
      sql: source.sql,
      database,
      columns,
      metrics: [],
      verbose_map: Object.fromEntries([['__timestamp', 'Time'], ...columns.map((c) => [c.column_name, c.column_name])]),
      column_formats: {},
      currency_formats: {},
      main_dttm_col: temporal[0]?.[0] ?? null,
      granularity_sqla: temporal,
      time_grain_sqla: TIME_GRAINS.map((g): [string, string] => [g.id, g.name]),
      order_by_choices: columns
        .map((c) => c.column_name)
        .sort((a, b) => a.localeCompare(b))
        .flatMap((c): [string, string][] => [
          [JSON.stringify([c, true]), `${c} [asc]`],
          [JSON.stringify([c, false]), `${c} [desc]`],
        ]),
      filter_select_enabled: false,
      fetch_values_predicate: null,
      template_params: source.template_params,
      cache_timeout: null,
      is_sqllab_view: false,
      select_star: null,
      owners: source.owner === null ? [] : [source.owner],
      edit_url: '',
      datasource_type: type,
      kind: 'virtual',
      health_check_message: null,
      extra: null,
      offset: 0,
      default_endpoint: null,
      always_filter_main_dttm: false,
      normalize_columns: false,
    };
  }
}
