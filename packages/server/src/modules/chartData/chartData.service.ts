import { hasPermission, type Principal, type QueryContext, type QueryObject, type ResultType } from '@tessera/core';
import type { AppConfig } from '../../app/config.js';
import { badRequest, forbidden } from '../../app/httpErrors.js';
import type { ChartCache, ChartCacheEntry } from '../../query-engine/chartCache.js';
import { chartCacheKey, stableJson } from '../../query-engine/chartCacheKey.js';
import { frameCsv, frameXlsx, zipFiles } from '../../query-engine/chartExport.js';
import type { ChartFrame } from '../../query-engine/chartFrame.js';
import { SingleFlight } from '../../query-engine/chartSingleFlight.js';
import type { ChartAsyncJobs } from './chartAsyncJobs.js';
import type { ChartQueryRunner } from './chartQueryRunner.js';
import { fullResultBody, resultsOnlyBody, withCacheFields } from './chartResultJson.js';
import type { DatasourceResolver, ResolvedDatasource } from './datasourceResolver.js';
import { columnsPayload, drillDetailQuery, samplesQuery, timegrainsPayload } from './resultTypeQueries.js';

/** A JSON text answer (bigints exact) or a file download. */
export type ChartDataAnswer =
  | { kind: 'json'; status: number; json: string }
  | { kind: 'file'; contentType: string; filename: string; body: Buffer };

export interface ChartDataOptions {
  /** The saved chart's cache_timeout, when the request names a chart. */
  chartCacheTimeout?: number | null;
  /** Global async queries may answer 202 (not for jobs themselves, nor for exports). */
  allowAsync?: boolean;
}

/** Result types whose queries run on the database (and are cached). */
const RUNNING_TYPES: ReadonlySet<ResultType> = new Set(['full', 'results', 'samples', 'post_processed', 'drill_detail']);

interface PreparedQuery {
  query: QueryObject;
  key: string;
}

export interface ChartDataServiceDeps {
  resolver: DatasourceResolver;
  runner: ChartQueryRunner;
  cache: ChartCache;
  config: AppConfig['charts'];
  jobs: () => ChartAsyncJobs | null;
}

const json = (status: number, text: string): ChartDataAnswer => ({ kind: 'json', status, json: text });

/** Superset's ChartDataCommand + QueryContextProcessor: datasource, cache, single-flight, result types, exports. */
export class ChartDataService {
  private readonly flight = new SingleFlight<ChartCacheEntry>();

  constructor(private readonly deps: ChartDataServiceDeps) {}

  async data(principal: Principal, context: QueryContext, options: ChartDataOptions = {}): Promise<ChartDataAnswer> {
    // Superset checks the datasource first (ChartDataCommand.validate), then can_csv for a file.
    const ds = await this.deps.resolver.resolve(principal, context.datasource.type, context.datasource.id);
    if (context.result_format !== 'json' && !hasPermission(principal, 'can_csv', 'Superset')) throw forbidden();
    const type = context.result_type;
    if (type === 'query') {
      const parts = context.queries.map((q) => JSON.stringify({ query: this.deps.runner.compile(ds, q).sql, language: 'sql' }));
      return json(200, `{"result":[${parts.join(',')}]}`);
    }
    if (type === 'columns') return json(200, JSON.stringify({ result: context.queries.map(() => columnsPayload(ds.descriptor)) }));
    if (type === 'timegrains') return json(200, JSON.stringify({ result: context.queries.map(() => timegrainsPayload(ds.dialect)) }));
    if (!RUNNING_TYPES.has(type)) throw badRequest(`Unsupported result type: ${type}`);

    const prepared = context.queries.map((q) => this.prepare(ds, q, type));
    if (context.result_format !== 'json') return this.export(ds, prepared, context.result_format);

    const jobs = this.deps.jobs();
    if (jobs && options.allowAsync) {
      const cached = context.force ? [] : await Promise.all(prepared.map((p) => this.deps.cache.get(p.key)));
      if (context.force || cached.some((c) => c === null)) return json(202, JSON.stringify(await jobs.submit(principal, context, options)));
    }

    const ttl = this.ttl(context, ds, options);
    const parts = await Promise.all(prepared.map((p) => this.answer(ds, p, type, context.force, ttl)));
    return json(200, `{"result":[${parts.join(',')}]}`);
  }

  /** The JSON text of each query's full result, through the cache (legacy explore_json builds on it). */
  async resultTexts(principal: Principal, context: QueryContext, options: ChartDataOptions = {}): Promise<string[]> {
    const ds = await this.deps.resolver.resolve(principal, context.datasource.type, context.datasource.id);
    const ttl = this.ttl(context, ds, options);
    return Promise.all(context.queries.map((q) => this.answer(ds, this.prepare(ds, q, 'full'), 'full', context.force, ttl)));
  }

  /** The query as it will run for this result type, and its cache key. */
  private prepare(ds: ResolvedDatasource, raw: QueryObject, type: ResultType): PreparedQuery {
    const limit = this.deps.config.samplesRowLimit;
    const query = type === 'samples' ? samplesQuery(raw, ds.descriptor, limit) : type === 'drill_detail' ? drillDetailQuery(raw, ds.descriptor, limit) : raw;
    const key = chartCacheKey({
      datasourceKey: ds.descriptor.key,
      datasourceVersion: ds.version,
      databaseId: ds.database.id,
      dialect: ds.dialect.name,
      resultType: type,
      query,
      extra: { rowLimit: this.deps.config.rowLimit, maxRow: this.deps.config.maxRow },
    });
    return { query, key };
  }

  /** Superset's precedence: request > chart > dataset > database > configuration. */
  private ttl(context: QueryContext, ds: ResolvedDatasource, options: ChartDataOptions): number {
    return context.custom_cache_timeout ?? options.chartCacheTimeout ?? ds.cacheTimeout ?? ds.database.cache_timeout ?? this.deps.config.cacheTimeoutS;
  }

  /** One element of `result[]`: from the cache unless forced; identical misses in flight run once. */
  private async answer(ds: ResolvedDatasource, p: PreparedQuery, type: ResultType, force: boolean, ttl: number): Promise<string> {
    const prefixed = type !== 'results';
    if (!force) {
      const hit = await this.deps.cache.get(p.key);
      if (hit) return prefixed ? withCacheFields(hit.body, p.key, hit.cachedDttm, true) : hit.body;
    }
    const entry = await this.flight.run(p.key, async () => {
      const outcome = await this.deps.runner.run(ds, p.query);
      const body = type === 'results' ? resultsOnlyBody(outcome.frame, outcome.sqlRowcount) : fullResultBody(outcome, ttl, p.query.time_offsets ?? []);
      const stored: ChartCacheEntry = { cachedDttm: new Date().toISOString().slice(0, 19), body };
      await this.deps.cache.set(p.key, stored, ttl);
      return stored;
    });
    return prefixed ? withCacheFields(entry.body, p.key, null, false) : entry.body;
  }

  private async export(ds: ResolvedDatasource, prepared: PreparedQuery[], format: 'csv' | 'xlsx'): Promise<ChartDataAnswer> {
    const frames: ChartFrame[] = [];
    for (const p of prepared) frames.push((await this.deps.runner.run(ds, p.query)).frame);
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
    const base = ds.descriptor.table_name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'chart';
    const files = await Promise.all(
      frames.map(async (frame, i) => ({
        name: `${base}_${i + 1}_${stamp}.${format}`,
        data: format === 'csv' ? Buffer.from(frameCsv(frame), 'utf8') : await frameXlsx(frame),
      })),
    );
    if (files.length > 1) return { kind: 'file', contentType: 'application/zip', filename: `${base}_${stamp}.zip`, body: zipFiles(files) };
    const contentType = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return { kind: 'file', contentType, filename: `${base}_${stamp}.${format}`, body: files[0]!.data };
  }

  /** The key under which a whole query context is kept for `GET /api/v1/chart/data/<key>` (global async queries). */
  contextKey(context: QueryContext): string {
    return chartCacheKey({
      datasourceKey: `${context.datasource.id}__${context.datasource.type}`,
      datasourceVersion: '',
      databaseId: 0,
      dialect: '',
      resultType: `context:${context.result_type}`,
      query: { queries: context.queries, form_data: context.form_data ?? null, custom_cache_timeout: context.custom_cache_timeout ?? null },
    });
  }

  async rememberContext(context: QueryContext, ttl: number = this.deps.config.cacheTimeoutS): Promise<string> {
    const key = this.contextKey(context);
    await this.deps.cache.set(`ctx:${key}`, { cachedDttm: new Date().toISOString().slice(0, 19), body: stableJson({ ...context, force: false }) }, Math.max(ttl, 60));
    return key;
  }

  /** A remembered query context, answered again (from the cache) for whoever asks with access to it. */
  async byCacheKey(principal: Principal, key: string): Promise<ChartDataAnswer | null> {
    const entry = await this.deps.cache.get(`ctx:${key}`);
    if (!entry) return null;
    const context = JSON.parse(entry.body) as QueryContext;
    return this.data(principal, context, { allowAsync: false });
  }
}
