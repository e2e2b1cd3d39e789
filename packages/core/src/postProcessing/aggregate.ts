import { requireColumn, resetIndex, type Frame } from './frame.js';
import { groupRows } from './groupRows.js';
import { aggregateCells, validateAggregates } from './numeric.js';
import type { AggregateOptions } from './options.js';

/** Group-by aggregation: the groupby columns then one column per aggregate label; without groupby a single row. */
export function aggregate(input: Frame, options: AggregateOptions): Frame {
  const frame = resetIndex(input);
  const groupby = options.groupby ?? [];
  const aggregates = options.aggregates ?? {};
  validateAggregates(aggregates);
  const labels = Object.keys(aggregates);
  const sources = labels.map((label) => frame.values[requireColumn(frame, aggregates[label]!.column ?? label, 'aggregate')[0]!]!);
  const groups = groupRows(frame, groupby, 'aggregate');
  return {
    indexNames: [],
    index: [],
    columns: [...groupby.map((g) => [g]), ...labels.map((l) => [l])],
    values: [
      ...groupby.map((_, i) => groups.map((g) => g.key[i])),
      ...labels.map((label, i) => groups.map((g) => aggregateCells(g.rows.map((r) => sources[i]![r]), aggregates[label]!))),
    ],
    length: groups.length,
  };
}
