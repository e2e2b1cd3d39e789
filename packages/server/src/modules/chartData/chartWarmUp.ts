import type { Principal } from '@tessera/core';
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

  /** One chart the caller may see (otherwise 404, as every chart path answers). */
  async chart(principal: Principal, chartId: number): Promise<WarmUpStatus> {
    const chart = await this.charts.findVisible(principal, chartId);
    if (!chart.query_context) return { chart_id: chart.id, viz_error: "Chart's query context does not exist", viz_status: null };
    try {
      const context = { ...savedQueryContext(chart.query_context), force: true };
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

  /** Every chart on the table `tableName` of the database `databaseName` that the caller may see. */
  async table(principal: Principal, databaseName: string, tableName: string): Promise<WarmUpStatus[]> {
    const { datasets, charts } = await this.repo.chartIdsOfTable(databaseName, tableName);
    if (datasets === 0) throw notFound('The dataset does not exist');
    const out: WarmUpStatus[] = [];
    for (const id of charts) {
      // Charts the caller may not see are left out, as the chart list leaves them out.
      const status = await this.chart(principal, id).catch((err: unknown) => (err instanceof ApiError && err.statusCode === 404 ? null : Promise.reject(err)));
      if (status) out.push(status);
    }
    return out;
  }
}
