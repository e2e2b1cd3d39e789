import { GENERIC_DATA_TYPE, type CompiledQuery, type PostProcessingRule, type QueryObject } from '@tessera/core';
import type { AppConfig } from '../../app/config.js';
import { executeChartSql } from '../../query-engine/chartExecute.js';
import { SYSTEM_PRINCIPAL } from '../security/systemPrincipal.js';
import { frameFromResult, frameFromRows, frameToRows, temporalToEpochMs, type ChartFrame } from '../../query-engine/chartFrame.js';
import { joinOffset, offsetQuery, resolveTimeOffset, type TimeOffset } from '../../query-engine/chartTimeOffsets.js';
import { CompileMemo } from './compileMemo.js';
import { compile, postProcess } from './coreQuery.js';
import type { ResolvedDatasource } from './datasourceResolver.js';
import { timeFilterStatus, type FilterStatus } from './timeFilterStatus.js';

/** One chart query run to its end: the table the client gets and what the answer reports about it. */
export interface QueryOutcome {
  frame: ChartFrame;
  compiled: CompiledQuery;
  /** Rows the SQL returned, before post-processing. */
  sqlRowcount: number;
  /** Every statement sent (the main query, then one per time offset), as Superset reports them. */
  queryText: string;
  /** `annotation_data` of the answer, when the query asks for native annotation layers. */
  annotationData?: Record<string, unknown>;
  /** The dashboard time filters of `applied_time_extras`, reported after the compiled filters. */
  timeFilters: { applied: FilterStatus[]; rejected: FilterStatus[] };
}

/** Columns the compiler says are temporal become epoch ms even when the engine typed them as text (SQLite). */
function markTemporal(frame: ChartFrame, labels: readonly string[]): ChartFrame {
  for (const label of labels) {
    const i = frame.colnames.indexOf(label);
    if (i < 0 || frame.coltypes[i] === GENERIC_DATA_TYPE.TEMPORAL) continue;
    frame.columns[i] = frame.columns[i]!.map(temporalToEpochMs);
    frame.coltypes[i] = GENERIC_DATA_TYPE.TEMPORAL;
  }
  return frame;
}

/**
 * Engines cut long aliases (PostgreSQL at 63 bytes): a result name that is the start of the label the
 * compiler gave that position gets the whole label back, so `data` rows are keyed as the client asked.
 */
function restoreLabels(frame: ChartFrame, labels: readonly string[]): ChartFrame {
  if (frame.colnames.length !== labels.length) return frame;
  frame.colnames = frame.colnames.map((name, i) => {
    const label = labels[i]!;
    return name !== label && name.length > 0 && label.startsWith(name) ? label : name;
  });
  return frame;
}

/** Compile, execute, join time comparisons, post-process: Superset's QueryContextProcessor.get_df_payload. */
export class ChartQueryRunner {
  private readonly memo = new CompileMemo();
  private readonly limits: string;

  constructor(private readonly config: AppConfig['charts']) {
    this.limits = `${config.maxRow}|${config.rowLimit}`;
  }

  compile(ds: ResolvedDatasource, query: QueryObject): CompiledQuery {
    const options = { maxRowLimit: this.config.maxRow, defaultRowLimit: this.config.rowLimit, rowLevelSecurity: ds.rowLevelSecurity };
    // The same query object comes from callers with different rules: what was compiled for one is never another's.
    const around = ds.rowLevelSecurity.length === 0 ? this.limits : `${this.limits}|${JSON.stringify(ds.rowLevelSecurity)}`;
    // A virtual dataset whose template reads the query (filter_values, ...) has a descriptor per query.
    const descriptor = ds.descriptorFor?.(query) ?? ds.descriptor;
    return this.memo.compile(query, descriptor, ds.dialect, around, new Date(), (now) => {
      const compiled = compile(query, descriptor, ds.dialect, { ...options, now });
      // Saved metrics, calculated columns and the dataset's own SQL are custom SQL too: no disallowed function runs.
      ds.checkSql(compiled.sql);
      return compiled;
    });
  }

  private async frameOf(ds: ResolvedDatasource, compiled: CompiledQuery): Promise<ChartFrame> {
    // Counted against the viewer's fair share of the database's connections (the server's own work is not capped).
    const userId = ds.viewer === SYSTEM_PRINCIPAL ? undefined : ds.viewer.id;
    const result = await executeChartSql(ds.handle, compiled.sql, this.config.queryTimeoutS * 1000, userId);
    return markTemporal(restoreLabels(frameFromResult(result), compiled.colnames), compiled.temporalLabels);
  }

  /**
   * One compiled query per time offset, over the main range moved back. A row count has no metrics to
   * compare, so it runs alone whatever offsets the client copied into it.
   */
  private comparisons(ds: ResolvedDatasource, query: QueryObject, compiled: CompiledQuery): { offset: TimeOffset; compiled: CompiledQuery }[] {
    if (query.is_rowcount) return [];
    return (query.time_offsets ?? []).map((text) => {
      const offset = resolveTimeOffset(text, compiled.fromDttm, compiled.toDttm);
      return { offset, compiled: this.compile(ds, offsetQuery(query, compiled.fromDttm, compiled.toDttm, offset)) };
    });
  }

  async run(ds: ResolvedDatasource, query: QueryObject): Promise<QueryOutcome> {
    const compiled = this.compile(ds, query);
    const comparisons = this.comparisons(ds, query, compiled);
    const [main, ...others] = await Promise.all([this.frameOf(ds, compiled), ...comparisons.map((c) => this.frameOf(ds, c.compiled))]);
    let frame = main!;
    const sqlRowcount = frame.rowCount;
    comparisons.forEach((c, i) => {
      frame = joinOffset(frame, others[i]!, compiled.temporalLabels[0] ?? null, compiled.metricLabels, c.offset);
    });
    const rules = (query.post_processing ?? []).filter((r): r is PostProcessingRule => r !== null);
    if (rules.length > 0) {
      const temporal = new Set(frame.colnames.filter((_, i) => frame.coltypes[i] === GENERIC_DATA_TYPE.TEMPORAL));
      const out = postProcess(frameToRows(frame), rules, frame.colnames, [...temporal]);
      frame = frameFromRows(out.data, out.colnames, temporal);
    }
    const queryText = [compiled, ...comparisons.map((c) => c.compiled)].map((c) => c.sql).join(';\n\n');
    return { frame, compiled, sqlRowcount, queryText, timeFilters: timeFilterStatus(query.applied_time_extras, ds.descriptor) };
  }
}
