import type { CompileContext } from './context.js';

/** The row limit to apply: the query's when positive, else the default, never above the configured maximum. */
export function rowLimitOf(ctx: CompileContext): number {
  const requested = ctx.query.row_limit;
  const limit = requested !== null && requested !== undefined && requested > 0 ? requested : ctx.options.defaultRowLimit;
  return Math.min(limit, ctx.options.maxRowLimit);
}

/** LIMIT/OFFSET text; the other limit styles are declared by no connector yet. */
export function limitClause(ctx: CompileContext, limit: number | null, offset: number): string[] {
  if (ctx.dialect.limitStyle !== 'LIMIT') throw new Error(`Limit style ${ctx.dialect.limitStyle} is not supported yet.`);
  const lines: string[] = [];
  if (limit !== null) lines.push(`LIMIT ${Math.floor(limit)}`);
  if (offset > 0) lines.push(`OFFSET ${Math.floor(offset)}`);
  return lines;
}
