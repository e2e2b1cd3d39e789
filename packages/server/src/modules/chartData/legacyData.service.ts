import {
  TIME_GRAINS,
  adhocFilterSchema,
  applyLimit,
  normalizeFilterOperator,
  parseDatasourceKey,
  queryColumnSchema,
  type FormData,
  type Principal,
  type QueryObject,
} from '@tessera/core';
import { z } from 'zod';
import { ApiError, badRequest, catalogueError } from '../../app/httpErrors.js';
import { executeChartSql } from '../../query-engine/chartExecute.js';
import { frameRowsJson } from '../../query-engine/chartFrame.js';
import { jsonText } from '../../query-engine/jsonText.js';
import type { AppConfig } from '../../app/config.js';
import { formDataOf } from '../charts/chartViews.js';
import { toExploreDataset } from '../datasets/datasourceData.js';
import type { ChartsForData } from './chartData.routes.js';
import type { ChartDataAnswer, ChartDataService } from './chartData.service.js';
import { invalidPayload, parseQueryContext } from './chartDataInput.js';
import type { ChartQueryRunner } from './chartQueryRunner.js';
import { buildLegacyQuery, rowLevelWhere } from './coreQuery.js';
import type { DatasourceResolver, ResolvedDatasource } from './datasourceResolver.js';
import { drillDetailQuery } from './resultTypeQueries.js';

const COLUMN_VALUES_LIMIT = 1000;

/** Legacy chart types whose viz.py view groups by the time column (`__timestamp`) at the time grain. */
const LEGACY_TIMESERIES_VIZ: ReadonlySet<string> = new Set(['line', 'compare', 'area', 'bar', 'time_pivot', 'time_table', 'dual_line', 'line_multi', 'big_number']);

/** Form data naming a chart and only these keys starts from the chart's saved params (Superset's get_form_data). */
const SLICE_ONLY_KEYS: ReadonlySet<string> = new Set(['slice_id', 'extra_filters', 'adhoc_filters', 'viz_type']);

/**
 * The form data fields the legacy query builder reads before the query's own schema check: filters must be
 * objects, and a simple adhoc filter must name an operator the engine knows (Superset's FilterOperator list).
 */
const legacyFormDataSchema = z
  .object({
    extra_filters: z.array(z.object({ col: queryColumnSchema }).loose()).nullish(),
    adhoc_filters: z
      .array(
        adhocFilterSchema.superRefine((filter, ctx) => {
          if (filter.expressionType === 'SIMPLE' && !normalizeFilterOperator(filter.operator, filter.operatorId)) {
            ctx.addIssue({ code: 'custom', path: ['operator'], message: `Invalid filter operation type: ${filter.operator}` });
          }
        }),
      )
      .nullish(),
  })
  .loose();

const chartIdOf = (value: unknown): number | null => {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
};

/** What `/superset/explore_json/` answers: the chart payload, or one of its query-string switches. */
export type LegacyAnswerMode = 'full' | 'query' | 'results' | 'samples' | 'csv';

export interface SamplesRequest {
  type: string;
  id: number;
  force: boolean;
  page: number;
  perPage: number;
  /** Optional body, validated: filters, time_range, granularity, extras (drill to detail). */
  payload: Pick<QueryObject, 'filters' | 'time_range' | 'granularity' | 'extras'>;
}

/** The legacy views on the same engine: explore_json, datasource samples and metadata, filter select values. */
export class LegacyDataService {
  constructor(
    private readonly deps: {
      charts: ChartDataService;
      /** Saved charts, for form data that names only a chart (none: such form data names no datasource). */
      savedCharts: ChartsForData | null;
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
  async exploreJson(principal: Principal, given: FormData, force: boolean, mode: LegacyAnswerMode = 'full'): Promise<ChartDataAnswer> {
    const { formData, chartCacheTimeout } = await this.withSavedChart(principal, given);
    const key = typeof formData.datasource === 'string' ? parseDatasourceKey(formData.datasource) : null;
    if (!key) throw catalogueError(400, 'INVALID_PAYLOAD_SCHEMA_ERROR', 'The form data names no valid datasource.');
    const checked = legacyFormDataSchema.safeParse(formData);
    if (!checked.success) throw invalidPayload(checked.error);
    const query = buildLegacyQuery(formData);
    if (LEGACY_TIMESERIES_VIZ.has(String(formData.viz_type ?? '')) && query.granularity) query.is_timeseries = true;
    // The built query meets the chart data API's schema, and fails it with the same 400.
    const context = parseQueryContext({ datasource: key, queries: [query], force, form_data: formData });
    if (mode === 'full') {
      const [text] = await this.deps.charts.resultTexts(principal, context, { chartCacheTimeout });
      return { kind: 'json', status: 200, json: `{"form_data":${jsonText(formData)},"errors":[],${text!.slice(1)}` };
    }
    if (mode === 'csv') return this.deps.charts.data(principal, { ...context, result_format: 'csv' });
    const answer = await this.deps.charts.data(principal, { ...context, result_type: mode });
    if (answer.kind !== 'json' || answer.status !== 200) return answer;
    // Superset answers these switches with the one query's payload, not the chart data API's result list.
    const first = (JSON.parse(answer.json) as { result: unknown[] }).result[0] ?? {};
    return { kind: 'json', status: 200, json: jsonText(first) };
  }

  /**
   * Superset's get_form_data: form data holding only `slice_id` (with extra filters, adhoc filters or a viz
   * type) is the chart's saved form data with those keys over it. The caller must be allowed to see the chart.
   */
  private async withSavedChart(principal: Principal, formData: FormData): Promise<{ formData: FormData; chartCacheTimeout: number | null }> {
    const chartId = chartIdOf(formData.slice_id);
    const sliceOnly = Object.keys(formData).every((k) => SLICE_ONLY_KEYS.has(k));
    if (chartId === null || !sliceOnly || !this.deps.savedCharts) return { formData, chartCacheTimeout: null };
    const chart = await this.deps.savedCharts.findVisible(principal, chartId);
    return { formData: { ...formDataOf(chart), ...formData, slice_id: chart.id }, chartCacheTimeout: chart.cache_timeout };
  }

  /** `POST /datasource/samples`: a page of raw rows and the total row count under the same filters. */
  async samples(principal: Principal, req: SamplesRequest): Promise<string> {
    const ds = await this.deps.resolver.resolve(principal, req.type, req.id);
    const perPage = Math.min(req.perPage, this.deps.config.samplesRowLimit);
    const { page } = req;
    const base: QueryObject = {
      filters: req.payload.filters ?? [],
      time_range: req.payload.time_range ?? 'No filter',
      granularity: req.payload.granularity ?? null,
      extras: req.payload.extras ?? {},
    };
    const rowsQuery = { ...drillDetailQuery(base, ds.descriptor), row_limit: perPage, row_offset: (page - 1) * perPage };
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
    // The caller's row level security: filter choices list only values of rows they may see.
    const rls = rowLevelWhere(ds.rowLevelSecurity, ds.dialect);
    const where = rls.length > 0 ? ` WHERE ${rls.join(' AND ')}` : '';
    const sql = applyLimit(`SELECT DISTINCT ${expr} AS ${q(column)} FROM ${source}${where} ORDER BY 1`, COLUMN_VALUES_LIMIT, ds.dialect.limitStyle, true);
    ds.checkSql(sql);
    const result = await executeChartSql(ds.handle, sql, this.deps.config.queryTimeoutS * 1000, principal.id);
    return `{"result":${jsonText(result.data[0] ?? [])}}`;
  }
}
