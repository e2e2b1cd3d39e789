import type { SqlDialect } from '../types.js';
import type { SelectItem } from './context.js';
import { quoteIdentifier } from './quote.js';

/** A SELECT statement as parts; rendering is the last pass. */
export interface SelectPlan {
  items: SelectItem[];
  from: string;
  joins: string[];
  where: string[];
  groupBy: string[];
  having: string[];
  orderBy: string[];
  /** Rendered LIMIT/OFFSET lines. */
  limit: string[];
}

export function renderSelect(plan: SelectPlan, dialect: SqlDialect): string {
  // No items means every column of the source (samples).
  const list = plan.items.length === 0 ? '*' : plan.items.map((item) => `${item.sql} AS ${quoteIdentifier(item.label, dialect)}`).join(',\n       ');
  const lines = [`SELECT ${list}`, `FROM ${plan.from}`];
  lines.push(...plan.joins);
  if (plan.where.length > 0) lines.push(`WHERE ${plan.where.join('\n  AND ')}`);
  if (plan.groupBy.length > 0) lines.push(`GROUP BY ${plan.groupBy.join(',\n         ')}`);
  if (plan.having.length > 0) lines.push(`HAVING ${plan.having.join('\n  AND ')}`);
  if (plan.orderBy.length > 0) lines.push(`ORDER BY ${plan.orderBy.join(',\n         ')}`);
  lines.push(...plan.limit);
  return lines.join('\n');
}
