import type { QueryColumn } from '../../contracts/chartData.js';
import { QueryCompileError, type SqlDialect } from '../types.js';
import { duplicateLabels, missingColumns, resolveColumnRef } from './columnSql.js';
import { TIMESTAMP_LABEL, type CompileContext, type ResolvedColumn } from './context.js';
import { findColumn, datasourceColumnSql } from './columnSql.js';
import { fillTemplate } from './quote.js';

/** Buckets `sql` with the dialect's template for `grain`; an unknown grain is the user's mistake. */
export function applyTimeGrain(sql: string, grain: string, dialect: SqlDialect): string {
  const template = (dialect.timeGrainExpressions as Readonly<Record<string, string>>)[grain];
  if (template === undefined || !Object.hasOwn(dialect.timeGrainExpressions, grain)) {
    throw new QueryCompileError(`Unsupported time grain: ${grain}`, 'INVALID_PAYLOAD_SCHEMA_ERROR', { time_grain: grain });
  }
  return fillTemplate(template, { col: sql });
}

/** Query columns (legacy `groupby` folded in, the legacy `__timestamp` first) resolved to SQL and labels. */
export function resolveColumns(ctx: CompileContext): ResolvedColumn[] {
  const { query, datasource, dialect } = ctx;
  const grainExtra = query.extras?.time_grain_sqla ?? null;
  const resolved: ResolvedColumn[] = [];
  // A time series needs its time column: without one the series and its time range would silently vanish.
  if (query.is_timeseries && !query.granularity) {
    throw new QueryCompileError('Datetime column not provided as part table configuration and is required by this type of chart', 'INVALID_PAYLOAD_SCHEMA_ERROR');
  }
  if (query.is_timeseries && query.granularity) {
    const column = findColumn(datasource, query.granularity);
    if (!column) throw missingColumns([query.granularity]);
    const sql = datasourceColumnSql(column, dialect);
    resolved.push({
      sql: grainExtra ? applyTimeGrain(sql, grainExtra, dialect) : sql,
      label: TIMESTAMP_LABEL,
      temporal: true,
    });
  }
  const missing: string[] = [];
  for (const column of [...(query.columns ?? []), ...(query.groupby ?? [])]) {
    const item = resolveColumn(column, ctx, grainExtra);
    if (item === null) missing.push(column as string);
    else {
      // The same column twice (in columns and in the legacy groupby) is one column; two different
      // expressions under one label would lose one of them, as Superset refuses.
      const same = resolved.find((r) => r.label === item.label);
      if (!same) resolved.push(item);
      else if (same.sql !== item.sql) throw duplicateLabels([item.label]);
    }
  }
  if (missing.length > 0) throw missingColumns(missing);
  return resolved;
}

function resolveColumn(column: QueryColumn, ctx: CompileContext, grainExtra: string | null): ResolvedColumn | null {
  const ref = resolveColumnRef(column, ctx.datasource, ctx.dialect);
  if (ref === null) return null;
  const isAxis = typeof column !== 'string' && column.columnType === 'BASE_AXIS';
  const isGranularity = typeof column === 'string' && column === ctx.query.granularity && ref.column?.is_dttm === true;
  const isTemporalColumn = ref.column?.is_dttm === true || ref.column?.generic_type === 'Temporal';
  // The x-axis takes its own grain, else the query's; a temporal x-axis without any stays raw.
  const ownGrain = typeof column !== 'string' ? column.timeGrain : null;
  // A grain truncates time: a dataset column that is not temporal (a text x-axis, bars by category) keeps its
  // values, as in Superset; an adhoc SQL expression has no declared type, so its grain applies.
  const grainable = !ref.column || isTemporalColumn;
  const grain = !grainable ? null : isAxis ? (ownGrain ?? (isTemporalColumn ? grainExtra : null)) : isGranularity ? grainExtra : (ownGrain ?? null);
  const sql = grain ? applyTimeGrain(ref.sql, grain, ctx.dialect) : ref.sql;
  return {
    sql,
    label: ref.label,
    temporal: Boolean(grain) || ((isAxis || isGranularity) && isTemporalColumn),
    ...(!grain && ref.column?.generic_type === 'String' ? { textual: true } : {}),
  };
}
