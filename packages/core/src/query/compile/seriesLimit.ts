import { getColumnLabel } from '../../chartQuery/getColumnLabel.js';
import { missingColumns, resolveColumnRef } from './columnSql.js';
import type { CompileContext, ResolvedColumn, SelectItem } from './context.js';
import type { FilterPlan } from './buildFilters.js';
import { quoteIdentifier, quoteString } from './quote.js';
import { renderSelect } from './renderSelect.js';
import { resolveMetric } from './resolveMetrics.js';
import { limitClause } from './rowLimit.js';

const SERIES_ALIAS = 'series_limit';
const seriesColumnAlias = (i: number) => `__series_${i}`;
const SERIES_METRIC_ALIAS = '__series_metric';
const SERIES_HIT_ALIAS = '__series_hit';
export const OTHERS_LABEL = 'Others';

export interface SeriesLimitPlan {
  join: string;
  /** Columns with series outside the top N folded into 'Others' (group_others_when_limit_reached). */
  columns: ResolvedColumn[];
}

/**
 * Top-N series: an inner query ranks the series columns by the series metric over the same filters, and the
 * main query joins it so only those series remain. NULL series values match too (a plain `=` would drop them).
 * With group_others_when_limit_reached (and text series columns, so the 'Others' label fits their type) the
 * join keeps every row and the series outside the top N are renamed 'Others'. Null when no series limit applies.
 */
export function seriesLimit(ctx: CompileContext, columns: ResolvedColumn[], metrics: SelectItem[], filters: FilterPlan, from: string): SeriesLimitPlan | null {
  const { query, dialect } = ctx;
  const limit = query.series_limit ?? query.timeseries_limit ?? 0;
  if (!(limit > 0) || metrics.length === 0) return null;
  const series: { sql: string; column: ResolvedColumn | null }[] = query.series_columns
    ? query.series_columns.map((column) => {
        const label = getColumnLabel(column);
        const known = columns.find((c) => c.label === label);
        if (known) return { sql: known.sql, column: known };
        const ref = resolveColumnRef(column, ctx.datasource, dialect);
        if (!ref) throw missingColumns([label]);
        return { sql: ref.sql, column: null };
      })
    : columns.filter((c) => !c.temporal).map((c) => ({ sql: c.sql, column: c }));
  if (series.length === 0) return null;
  const groupOthers = query.group_others_when_limit_reached === true && series.every((s) => s.column?.textual === true);
  const metricRef = query.series_limit_metric ?? query.timeseries_limit_metric ?? null;
  const metricSql = metricRef ? resolveMetric(metricRef, ctx).sql : metrics[0]!.sql;
  const inner = renderSelect(
    {
      items: [
        ...series.map((s, i) => ({ sql: s.sql, label: seriesColumnAlias(i) })),
        { sql: metricSql, label: SERIES_METRIC_ALIAS },
        ...(groupOthers ? [{ sql: '1', label: SERIES_HIT_ALIAS }] : []),
      ],
      from,
      joins: [],
      where: filters.where,
      groupBy: series.map((s) => s.sql),
      having: [],
      // Series without a metric value rank last on every engine (PostgreSQL sorts NULL first when descending).
      orderBy: [`CASE WHEN ${metricSql} IS NULL THEN 1 ELSE 0 END`, `${quoteIdentifier(SERIES_METRIC_ALIAS, dialect)} ${query.order_desc === false ? 'ASC' : 'DESC'}`],
      limit: limitClause(ctx, limit, 0),
    },
    dialect,
  );
  const alias = quoteIdentifier(SERIES_ALIAS, dialect);
  const on = series.map(({ sql }, i) => {
    const other = `${alias}.${quoteIdentifier(seriesColumnAlias(i), dialect)}`;
    return `(${sql} = ${other} OR (${sql} IS NULL AND ${other} IS NULL))`;
  });
  const join = `${groupOthers ? 'LEFT JOIN' : 'JOIN'} (\n${inner}\n) AS ${alias} ON ${on.join(' AND ')}`;
  if (!groupOthers) return { join, columns };
  const hit = `${alias}.${quoteIdentifier(SERIES_HIT_ALIAS, dialect)}`;
  const folded = new Set(series.map((s) => s.column));
  return {
    join,
    columns: columns.map((c) => (folded.has(c) ? { ...c, sql: `CASE WHEN ${hit} IS NULL THEN ${quoteString(OTHERS_LABEL, dialect)} ELSE ${c.sql} END` } : c)),
  };
}
