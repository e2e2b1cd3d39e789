import { normalizeFilterOperator, queryFilterSchema, type Principal, type QueryContext, type QueryFilter } from '@tessera/core';
import { ApiError, notFound } from '../../app/httpErrors.js';
import type { ChartDataRepository } from './chartData.repository.js';
import type { ChartsForData } from './chartData.routes.js';
import type { ChartDataService } from './chartData.service.js';
import { savedQueryContext } from './chartDataInput.js';

/** One chart's warm-up outcome, Superset's ChartCacheWarmUpResponseSingle. */
export interface WarmUpStatus {
  chart_id: number;
  viz_error: string | null;
  viz_status: string | null;
}

/** The dashboard a warm-up is for, and the filters its viewer applies (legacy `extra_filters`, JSON text). */
export interface WarmUpContext {
  dashboard_id?: number | null;
  extra_filters?: string | null;
}

/** Legacy filters (`{col, op: "in", val}`) in the query object's words; anything else is refused by name. */
function toQueryFilters(raw: unknown): QueryFilter[] {
  if (!Array.isArray(raw)) throw new Error('extra_filters must be a JSON list of filters');
  return raw.map((item: unknown) => {
    const op = normalizeFilterOperator((item as { op?: unknown } | null)?.op);
    const parsed = queryFilterSchema.safeParse(item && typeof item === 'object' ? { ...item, op } : item);
    if (!parsed.success) throw new Error(`Invalid extra filter: ${JSON.stringify(item)}`);
    return parsed.data;
  });
}

/** The context with `filters` added to every query, as Superset extends each query object's filters. */
function withFilters(context: QueryContext, filters: QueryFilter[]): QueryContext {
  if (filters.length === 0) return context;
  return { ...context, queries: context.queries.map((q) => ({ ...q, filters: [...(q.filters ?? []), ...filters] })) };
}

const messageOf = (err: unknown): string => (err instanceof ApiError || err instanceof Error ? err.message : String(err));

/**
 * Superset's cache warm-up (`PUT /api/v1/chart/warm_up_cache`, `PUT /api/v1/dataset/warm_up_cache`): each chart's
 * saved query context runs forced, through the chart data engine and its cache, so the next viewer gets a cached
 * answer. A chart that cannot run is reported (viz_error), not raised, as Superset reports it.
 */
export class ChartWarmUp {
  constructor(
    private readonly service: ChartDataService,
    private readonly charts: ChartsForData,
    private readonly repo: ChartDataRepository,
  ) {}

  /**
   * One chart the caller may see (otherwise 404 "Chart not found", Superset's words, for a missing chart and a
   * hidden one alike). With a dashboard, its filters join each query: the `extra_filters` given, else the
   * dashboard's default filters for the chart, so the warmed entry is the one that dashboard's viewer reads.
   */
  async chart(principal: Principal, chartId: number, on: WarmUpContext = {}): Promise<WarmUpStatus> {
    const chart = await this.charts.findVisible(principal, chartId).catch((err: unknown) => {
      throw err instanceof ApiError && err.statusCode === 404 ? notFound('Chart not found') : err;
    });
    if (!chart.query_context) return { chart_id: chart.id, viz_error: "Chart's query context does not exist", viz_status: null };
    try {
      const filters = await this.dashboardFilters(chart.id, on);
      const context = { ...withFilters(savedQueryContext(chart.query_context), filters), force: true };
      const answer = await this.service.data(principal, context, { chartCacheTimeout: chart.cache_timeout, allowAsync: false });
      if (answer.kind !== 'json') return { chart_id: chart.id, viz_error: null, viz_status: 'success' };
      const queries = (JSON.parse(answer.json) as { result: { status?: string; error?: string | null }[] }).result;
      // The first query's error, else the last status (Superset's loop).
      const failed = queries.find((q) => q.error);
      return { chart_id: chart.id, viz_error: failed?.error ?? null, viz_status: (failed ?? queries.at(-1))?.status ?? null };
    } catch (err) {
      return { chart_id: chart.id, viz_error: messageOf(err), viz_status: null };
    }
  }

  /** Superset reads `extra_filters` only with a dashboard; a malformed list is this chart's viz_error. */
  private async dashboardFilters(chartId: number, on: WarmUpContext): Promise<QueryFilter[]> {
    if (!on.dashboard_id) return [];
    if (on.extra_filters) return toQueryFilters(JSON.parse(on.extra_filters));
    return toQueryFilters(await this.charts.dashboardDefaultFilters(chartId, on.dashboard_id));
  }

  /** Every chart on the table `tableName` of the database `databaseName` that the caller may see. */
  async table(principal: Principal, databaseName: string, tableName: string, on: WarmUpContext = {}): Promise<WarmUpStatus[]> {
    const { datasets, charts } = await this.repo.chartIdsOfTable(databaseName, tableName);
    if (datasets === 0) throw notFound('The provided table was not found in the provided database');
    const out: WarmUpStatus[] = [];
    for (const id of charts) {
      // Charts the caller may not see are left out, as the chart list leaves them out.
      const status = await this.chart(principal, id, on).catch((err: unknown) => (err instanceof ApiError && err.statusCode === 404 ? null : Promise.reject(err)));
      if (status) out.push(status);
    }
    return out;
  }
}
