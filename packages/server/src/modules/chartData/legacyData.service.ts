import {
  TIME_GRAINS,
  applyLimit,
  parseDatasourceKey,
  queryContextSchema,
  type FormData,
  type Principal,
  type QueryObject,
} from '@tessera/core';
import { ApiError, badRequest, catalogueError } from '../../app/httpErrors.js';
import { executeChartSql } from '../../query-engine/chartExecute.js';
import { frameRowsJson } from '../../query-engine/chartFrame.js';
import { jsonText } from '../../query-engine/jsonText.js';
import type { AppConfig } from '../../app/config.js';
import { toExploreDataset } from '../explore/exploreDataset.js';
import type { ChartDataAnswer, ChartDataService } from './chartData.service.js';
import type { ChartQueryRunner } from './chartQueryRunner.js';
import { buildLegacyQuery } from './coreQuery.js';
import type { DatasourceResolver, ResolvedDatasource } from './datasourceResolver.js';
import { drillDetailQuery } from './resultTypeQueries.js';

const COLUMN_VALUES_LIMIT = 1000;

/** Legacy chart types whose viz.py view groups by the time column (`__timestamp`) at the time grain. */
const LEGACY_TIMESERIES_VIZ: ReadonlySet<string> = new Set(['line', 'compare', 'area', 'bar', 'time_pivot', 'time_table', 'dual_line', 'line_multi', 'big_number']);

/** What `/superset/explore_json/` answers: the chart payload, or one of its query-string switches. */
export type LegacyAnswerMode = 'full' | 'query' | 'results' | 'samples' | 'csv';

export interface SamplesRequest {
  type: string;
  id: number;
  force: boolean;
  page: number;
  perPage: number;
  /** Optional body: filters, time_range, granularity, extras (drill to detail). */
  payload: Partial<QueryObject>;
}

/** The legacy views on the same engine: explore_json, datasource samples and metadata, filter select values. */
export class LegacyDataService {
  constructor(
    private readonly deps: {
      charts: ChartDataService;
      resolver: DatasourceResolver;
      runner: ChartQueryRunner;
      config: AppConfig['charts'];
    },
  ) {}

  /**
   * `POST /superset/explore_json/`: the query of the form data (grouped by time for the legacy time-series
   * charts), answered in viz.py's shape; `?query=true`, `?results=true`, `?samples=true` and `?csv=true`
   * switch the answer as Superset's view does.
   */
  async exploreJson(principal: Principal, formData: FormData, force: boolean, mode: LegacyAnswerMode = 'full'): Promise<ChartDataAnswer> {
    const key = typeof formData.datasource === 'string' ? parseDatasourceKey(formData.datasource) : null;
    if (!key) throw catalogueError(400, 'INVALID_PAYLOAD_SCHEMA_ERROR', 'The form data names no valid datasource.');
    const query = buildLegacyQuery(formData);
    if (LEGACY_TIMESERIES_VIZ.has(String(formData.viz_type ?? '')) && query.granularity) query.is_timeseries = true;
    const context = queryContextSchema.parse({ datasource: key, queries: [query], force, form_data: formData });
    if (mode === 'full') {
      const [text] = await this.deps.charts.resultTexts(principal, context);
      return { kind: 'json', status: 200, json: `{"form_data":${jsonText(formData)},"errors":[],${text!.slice(1)}` };
    }
    if (mode === 'csv') return this.deps.charts.data(principal, { ...context, result_format: 'csv' });
    const answer = await this.deps.charts.data(principal, { ...context, result_type: mode });
    if (answer.kind !== 'json' || answer.status !== 200) return answer;
    // Superset answers these switches with the one query's payload, not the chart data API's result list.
    const first = (JSON.parse(answer.json) as { result: unknown[] }).result[0] ?? {};
    return { kind: 'json', status: 200, json: jsonText(first) };
  }

  /** `POST /datasource/samples`: a page of raw rows and the total row count under the same filters. */
  async samples(principal: Principal, req: SamplesRequest): Promise<string> {
    const ds = await this.deps.resolver.resolve(principal, req.type, req.id);
    const limit = this.deps.config.samplesRowLimit;
    const perPage = Math.min(Math.max(1, req.perPage), limit);
    const page = Math.max(1, req.page);
    const base: QueryObject = {
      filters: req.payload.filters ?? [],
      time_range: req.payload.time_range ?? 'No filter',
      granularity: req.payload.granularity ?? null,
      extras: req.payload.extras ?? {},
    };
    const rowsQuery = { ...drillDetailQuery(base, ds.descriptor, perPage), row_offset: (page - 1) * perPage };
    const countQuery: QueryObject = {
      ...base,
      columns: [],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'COUNT(*)' }],
      row_limit: 1,
    };
    const [rows, count] = await Promise.all([this.deps.runner.run(ds, rowsQuery), this.deps.runner.run(ds, countQuery)]);
    const total = count.frame.columns[0]?.[0] ?? 0;
    const { frame } = rows;
    return (
      `{"result":{"data":${frameRowsJson(frame)},"colnames":${JSON.stringify(frame.colnames)},"coltypes":${JSON.stringify(frame.coltypes)},` +
      `"rowcount":${frame.rowCount},"total_count":${jsonText(total)},"page":${page},"per_page":${perPage}}}`
    );
  }

  /** `GET /superset/fetch_datasource_metadata?datasourceKey=3__table`: the datasource as the explorer reads it. */
  async datasourceMetadata(principal: Principal, datasourceKey: string): Promise<unknown> {
    const key = parseDatasourceKey(datasourceKey);
    if (!key) throw badRequest('Invalid datasource key');
    const ds = await this.deps.resolver.resolve(principal, key.type, key.id);
    if (ds.dataset) return toExploreDataset(ds.dataset);
    return this.virtualMetadata(ds);
  }

  private virtualMetadata(ds: ResolvedDatasource) {
    const d = ds.descriptor;
    const verboseMap: Record<string, string> = { __timestamp: 'Time' };
    for (const c of d.columns) verboseMap[c.column_name] = c.column_name;
    return {
      id: ds.id,
      uid: d.key,
      type: ds.type,
      name: d.table_name,
      datasource_name: d.table_name,
      table_name: d.table_name,
      schema: d.schema,
      sql: d.sql,
      database: { id: ds.database.id, database_name: ds.database.database_name, backend: ds.database.backend },
      columns: d.columns.map((c) => ({ column_name: c.column_name, type: c.type, is_dttm: c.is_dttm, groupby: true, filterable: true, expression: null, verbose_name: null })),
      metrics: [],
      verbose_map: verboseMap,
      column_formats: {},
      currency_formats: {},
      main_dttm_col: d.main_dttm_col,
      granularity_sqla: d.columns.filter((c) => c.is_dttm).map((c) => [c.column_name, c.column_name]),
      time_grain_sqla: TIME_GRAINS.map((g) => [g.id, g.name]),
      order_by_choices: [],
      filter_select_enabled: true,
      datasource_type: ds.type,
    };
  }

  /** `GET /api/v1/datasource/<type>/<id>/column/<column>/values/`: distinct values for filter selects (1000 at most). */
  async columnValues(principal: Principal, type: string, id: number, column: string): Promise<string> {
    const ds = await this.deps.resolver.resolve(principal, type, id);
    const col = ds.descriptor.columns.find((c) => c.column_name === column);
    if (!col) throw new ApiError(400, { message: `Column ${column} does not exist in this datasource` });
    const q = (name: string) => ds.handle.connector.quoteIdentifier(name);
    const expr = col.expression ?? q(col.column_name);
    const source = ds.descriptor.sql
      ? `(${ds.descriptor.sql.trim().replace(/;+\s*$/, '')}) AS virtual_table`
      : ds.descriptor.schema
        ? `${q(ds.descriptor.schema)}.${q(ds.descriptor.table_name)}`
        : q(ds.descriptor.table_name);
    const sql = applyLimit(`SELECT DISTINCT ${expr} AS ${q(column)} FROM ${source} ORDER BY 1`, COLUMN_VALUES_LIMIT, ds.dialect.limitStyle, true);
    const result = await executeChartSql(ds.handle, sql, this.deps.config.queryTimeoutS * 1000);
    return `{"result":${jsonText(result.data[0] ?? [])}}`;
  }
}
