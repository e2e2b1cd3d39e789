import { hasPermission, type Principal, type QueryContext, type QueryObject, type ResultType } from '@tessera/core';
import type { AppConfig } from '../../app/config.js';
import { ApiError, badRequest, forbidden, notFound } from '../../app/httpErrors.js';
import type { ChartCache, ChartCacheEntry } from '../../query-engine/chartCache.js';
import { chartCacheKey, stableJson } from '../../query-engine/chartCacheKey.js';
import { frameCsv, frameXlsx, zipFiles } from '../../query-engine/chartExport.js';
import type { ChartFrame } from '../../query-engine/chartFrame.js';
import { SingleFlight } from '../../query-engine/chartSingleFlight.js';
import type { ChartAsyncJobs } from './chartAsyncJobs.js';
import { checkAnnotationSources } from './chartAnnotationRunner.js';
import type { ChartForDataRow, ChartsForData } from './chartData.routes.js';
import type { ChartQueryRunner } from './chartQueryRunner.js';
import { fullResultBody, resultsOnlyBody, withCacheFields } from './chartResultJson.js';
import { postProcessedFrame, postProcessedJson } from './clientProcessing.js';
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
  /** Saved charts, read by annotation layers sourced from a chart. */
  annotationCharts?: ChartsForData | null;
}

const json = (status: number, text: string): ChartDataAnswer => ({ kind: 'json', status, json: text });

/** Superset's ChartDataCommand + QueryContextProcessor: datasource, cache, single-flight, result types, exports. */
export class ChartDataService {
  private readonly flight = new SingleFlight<ChartCacheEntry>();

  constructor(private readonly deps: ChartDataServiceDeps) {}

  async data(principal: Principal, context: QueryContext, options: ChartDataOptions = {}): Promise<ChartDataAnswer> {
    // Superset checks the datasource first (ChartDataCommand.validate), then can_csv for a file.
    const ds = await this.resolve(principal, context);
    // Before any cache read: a cached answer holds its layers' data (chartAnnotationRunner.ts).
    const rls = await this.rowLevelSecurityKey(principal, ds, await checkAnnotationSources(this.deps.annotationCharts ?? null, principal, context.queries));
    if (context.result_format !== 'json' && !hasPermission(principal, 'can_csv', 'Superset')) throw forbidden();
    if (context.result_format !== 'json') {
      if (context.queries.length === 0) throw badRequest('Empty query result');
      if (!RUNNING_TYPES.has(context.result_type)) throw badRequest(`Unsupported result type: ${context.result_type}`);
      const files = context.queries.map((q) => this.prepare(ds, q, context.result_type, rls));
      return this.export(ds, files, context.result_format, context.result_type === 'post_processed' ? (context.form_data ?? null) : null);
    }
    // A query object may name its own result type (Superset's query_obj.result_type); the context's is the default.
    const typed = context.queries.map((q) => ({ q, type: q.result_type ?? context.result_type }));
    const prepared = typed.map(({ q, type }) => (RUNNING_TYPES.has(type) ? this.prepare(ds, q, type, rls) : null));

    // Superset runs only full JSON results as global async jobs; other result types answer at once.
    const jobs = this.deps.jobs();
    // A guest (embedded dashboard) runs at once: its token's RLS lives on this request only, and it has no event channel.
    if (jobs && options.allowAsync && !principal.guest && context.result_type === 'full') {
      const running = prepared.filter((p): p is PreparedQuery => p !== null);
      const cached = context.force ? [] : await Promise.all(running.map((p) => this.deps.cache.get(p.key)));
      if (running.length > 0 && (context.force || cached.some((c) => c === null))) return json(202, JSON.stringify(await jobs.submit(principal, context, options)));
    }

    const ttl = this.ttl(context, ds, options);
    const parts = await Promise.all(typed.map(({ q, type }, i) => this.part(ds, q, type, prepared[i] ?? null, context.force, ttl, context.form_data ?? null)));
    return json(200, `{"result":[${parts.join(',')}]}`);
  }

  /** One element of `result[]` for its result type. */
  private async part(
    ds: ResolvedDatasource,
    q: QueryObject,
    type: ResultType,
    p: PreparedQuery | null,
    force: boolean,
    ttl: number,
    formData: Record<string, unknown> | null,
  ): Promise<string> {
    if (p && type === 'post_processed') return postProcessedJson(await this.answer(ds, p, type, force, ttl), formData, ds);
    if (p) return this.answer(ds, p, type, force, ttl);
    if (type === 'query') return JSON.stringify({ query: this.deps.runner.compile(ds, q).sql, language: 'sql' });
    if (type === 'columns') return JSON.stringify(columnsPayload(ds.descriptor));
    if (type === 'timegrains') return JSON.stringify(timegrainsPayload(ds.dialect));
    throw badRequest(`Unsupported result type: ${type}`);
  }

  /** Superset answers a datasource that does not exist with FAB's plain 404 (`{"message": "Not found"}`). */
  private async resolve(principal: Principal, context: QueryContext): Promise<ResolvedDatasource> {
    try {
      return await this.deps.resolver.resolve(principal, context.datasource.type, context.datasource.id);
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 404) throw notFound();
      throw err;
    }
  }

  /** The JSON text of each query's full result, through the cache (legacy explore_json builds on it). */
  async resultTexts(principal: Principal, context: QueryContext, options: ChartDataOptions = {}): Promise<string[]> {
    const ds = await this.deps.resolver.resolve(principal, context.datasource.type, context.datasource.id);
    const rls = await this.rowLevelSecurityKey(principal, ds, await checkAnnotationSources(this.deps.annotationCharts ?? null, principal, context.queries));
    const ttl = this.ttl(context, ds, options);
    return Promise.all(context.queries.map((q) => this.answer(ds, this.prepare(ds, q, 'full', rls), 'full', context.force, ttl)));
  }

  /**
   * The row level security an answer depends on: the viewer's on the datasource, and on the dataset of each chart an
   * annotation layer reads (its data is kept in the same entry), so an entry is shared only under the same rules.
   */
  private async rowLevelSecurityKey(viewer: Principal, ds: ResolvedDatasource, sources: readonly ChartForDataRow[]): Promise<unknown> {
    const annotations = await Promise.all(sources.map((c) => this.deps.resolver.rowLevelSecurityOf(viewer, c.datasource_type, c.datasource_id)));
    return { datasource: ds.rowLevelSecurity, annotations };
  }

  /** The query as it will run for this result type, and its cache key (`rls`: rowLevelSecurityKey's). */
  private prepare(ds: ResolvedDatasource, raw: QueryObject, type: ResultType, rls: unknown): PreparedQuery {
    const query =
      type === 'samples' ? samplesQuery(raw, ds.descriptor, this.deps.config.samplesRowLimit) : type === 'drill_detail' ? drillDetailQuery(raw, ds.descriptor) : raw;
    const key = chartCacheKey({
      datasourceKey: ds.descriptor.key,
      datasourceVersion: ds.version,
      databaseId: ds.database.id,
      dialect: ds.dialect.name,
      resultType: type,
      query,
      rowLevelSecurity: rls,
      // `body` names the stored text's layout, so entries written in an older one are never read back.
      extra: { rowLimit: this.deps.config.rowLimit, maxRow: this.deps.config.maxRow, body: 2 },
    });
    return { query, key };
  }

  /**
   * Superset's precedence: request > chart > dataset > database > configuration. The first one set wins,
   * but 0 means "not set" there too (QueryContextProcessor.get_cache_timeout tests it for truth), so it
   * falls to the configured default instead of switching the cache off; -1 does switch it off.
   */
  private ttl(context: QueryContext, ds: ResolvedDatasource, options: ChartDataOptions): number {
    const chosen = context.custom_cache_timeout ?? options.chartCacheTimeout ?? ds.cacheTimeout ?? ds.database.cache_timeout;
    return chosen || this.deps.config.cacheTimeoutS;
  }

  /** One element of `result[]`: from the cache unless forced; identical misses in flight run once. */
  private async answer(ds: ResolvedDatasource, p: PreparedQuery, type: ResultType, force: boolean, ttl: number): Promise<string> {
    const prefixed = type !== 'results';
    if (!force) {
      const hit = await this.deps.cache.get(p.key);
      if (hit) return prefixed ? withCacheFields(hit.body, p.key, hit.cachedDttm, true, ttl) : hit.body;
    }
    const entry = await this.flight.run(p.key, async () => {
      const outcome = await this.deps.runner.run(ds, p.query);
      const body = type === 'results' ? resultsOnlyBody(outcome.frame, outcome.sqlRowcount) : fullResultBody(outcome, p.query.time_offsets ?? []);
      const stored: ChartCacheEntry = { cachedDttm: new Date().toISOString().slice(0, 19), body };
      await this.deps.cache.set(p.key, stored, ttl);
      return stored;
    });
    return prefixed ? withCacheFields(entry.body, p.key, null, false, ttl) : entry.body;
  }

  /** `reshape`: the form data of a post-processed export: a pivot written as the chart draws it, a table under its verbose headers. */
  private async export(ds: ResolvedDatasource, prepared: PreparedQuery[], format: 'csv' | 'xlsx', reshape: Record<string, unknown> | null): Promise<ChartDataAnswer> {
    const frames: ChartFrame[] = [];
    for (const p of prepared) {
      const { frame } = await this.deps.runner.run(ds, p.query);
      frames.push(reshape ? postProcessedFrame(frame, reshape, ds) : frame);
    }
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
    const base = ds.descriptor.table_name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'chart';
    const files = await Promise.all(
      frames.map(async (frame, i) => ({
        // Superset names the files of a multi-query export by position only.
        name: `query_${i + 1}.${format}`,
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
      // Holds the context, not data: whoever reads it back gets an answer made under their own rules (byCacheKey).
      rowLevelSecurity: null,
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
