import { chartWarmUpSchema, datasetWarmUpSchema, type Principal } from '@tessera/core';
import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest, notFound } from '../../app/httpErrors.js';
import { pkParam } from '../../app/params.js';
import { formDataOf } from '../charts/chartViews.js';
import { parseInput } from '../../app/validate.js';
import type { AsyncEventStore } from './asyncEvents.js';
import { channelOf } from './asyncEvents.js';
import type { ChartDataService } from './chartData.service.js';
import type { ChartWarmUp } from './chartWarmUp.js';
import { parseQueryContext, savedQueryContext, sendAnswer, sliceIdOf, truthy } from './chartDataInput.js';

/** The saved chart as the data engine needs it (the charts module's ChartsService.findForData). */
export interface ChartForDataRow {
  id: number;
  cache_timeout: number | null;
  query_context: string | null;
  params: string | null;
  datasource_id: number;
  datasource_type: string;
}
export interface ChartsForData {
  findForData(chartId: number): Promise<ChartForDataRow | null>;
  /** The chart if the caller may see it (the charts module's rule), else a 404. */
  findVisible(principal: Principal, chartId: number): Promise<ChartForDataRow & { viz_type: string }>;
  /** A dashboard's own default filters for one of its charts (legacy filter shape), for the cache warm-up. */
  dashboardDefaultFilters(chartId: number, dashboardId: number): Promise<unknown[]>;
}

const READ_CHART = { permission: ['can_read', 'Chart'] as const, csrfExempt: true };

const FORMAT_OF: Record<string, 'json' | 'csv' | 'xlsx'> = { json: 'json', csv: 'csv', xlsx: 'xlsx' };

/** `/api/v1/chart/data`, `/api/v1/chart/<pk>/data/`, `/api/v1/chart/data/<cache_key>`, the cache warm-ups and `/api/v1/async_event/` (facts §2.3, §2.8). */
export function chartDataRoutes(service: ChartDataService, charts: ChartsForData | null, events: AsyncEventStore, warmUp: ChartWarmUp | null = null) {
  const chartCacheTimeout = async (sliceId: number | null) => (sliceId && charts ? ((await charts.findForData(sliceId))?.cache_timeout ?? null) : null);

  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/api/v1/chart/data', { config: { ...READ_CHART, jsonText: true } }, async (request, reply) => {
      const context = parseQueryContext(request.body);
      const query = request.query as { form_data?: string; force?: string };
      if (truthy(query.force)) context.force = true;
      const sliceId = sliceIdOf(query.form_data) ?? (typeof context.form_data?.slice_id === 'number' ? context.form_data.slice_id : null);
      const answer = await service.data(request.principal, context, { chartCacheTimeout: await chartCacheTimeout(sliceId), allowAsync: true });
      return sendAnswer(reply, answer);
    });

    app.get('/api/v1/chart/data/:cache_key', { config: READ_CHART }, async (request, reply) => {
      const { cache_key } = request.params as { cache_key: string };
      const answer = /^[0-9a-f]{64}$/.test(cache_key) ? await service.byCacheKey(request.principal, cache_key) : null;
      if (!answer) throw notFound();
      return sendAnswer(reply, answer);
    });

    app.get('/api/v1/chart/:pk/data/', { config: READ_CHART }, async (request, reply) => {
      const id = pkParam(request.params);
      // Superset's base filter: a chart outside the caller's datasources is a 404, as on every chart path.
      if (!charts) throw notFound();
      const chart = await charts.findVisible(request.principal, id);
      const context = savedQueryContext(chart.query_context);
      // A post-processed answer reshapes by the chart's form data; older saved contexts carry none, the chart's params do.
      context.form_data ??= formDataOf(chart);
      const q = request.query as { format?: string; type?: string; force?: string };
      if (q.format) {
        const format = FORMAT_OF[q.format.toLowerCase()];
        if (!format) throw badRequest(`Unsupported format: ${q.format}`);
        context.result_format = format;
      }
      if (q.type) context.result_type = parseQueryContext({ ...context, result_type: q.type }).result_type;
      context.force = truthy(q.force);
      return sendAnswer(reply, await service.data(request.principal, context, { chartCacheTimeout: chart.cache_timeout, allowAsync: true }));
    });

    // Cache warm-up (Superset's can_write, as its RW method map has it): every chart path's visibility rule,
    // then the saved query context run forced (chartWarmUp.ts), with the dashboard's filters when one is named.
    if (warmUp) {
      app.put('/api/v1/chart/warm_up_cache', { config: { permission: ['can_write', 'Chart'] } }, async (request) => {
        const input = parseInput(chartWarmUpSchema, request.body);
        return { result: [await warmUp.chart(request.principal, input.chart_id, input)] };
      });
      app.put('/api/v1/dataset/warm_up_cache', { config: { permission: ['can_write', 'Dataset'] } }, async (request) => {
        const input = parseInput(datasetWarmUpSchema, request.body);
        return { result: await warmUp.table(request.principal, input.db_name, input.table_name, input) };
      });
    }

    app.get('/api/v1/async_event/', { config: { permission: 'authenticated' } }, async (request) => {
      const { last_id } = request.query as { last_id?: string };
      if (last_id !== undefined && last_id !== '' && !/^\d+-\d+$/.test(last_id)) throw new ApiError(400, { message: 'Invalid last_id' });
      return { result: await events.since(channelOf(request.principal.id), last_id || null) };
    });
  };
}
