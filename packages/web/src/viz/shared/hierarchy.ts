import type { ChartDataResult } from '@tessera/core';
import { getNumberFormatter, NumberFormats } from '../formatters/numberFormat';
import { isTemporalColumn, labelOf, toNumber } from './props';

export interface HierarchyNode {
  name: string;
  value: number;
  /** The secondary metric summed like the value (sunburst colours by their ratio). */
  secondary?: number;
  children?: HierarchyNode[];
  /** Labels from the root to this node, for filters. */
  path: string[];
}

/**
 * Rows grouped level by level into a tree whose node values sum their rows' metric. `nameOf` names a node from its
 * cell (by default as the cell reads, null as <NULL>); charts pass one that shows temporal levels as dates.
 */
export function buildHierarchy(
  rows: Record<string, unknown>[],
  levels: string[],
  metric: string,
  secondaryMetric?: string,
  nameOf: (value: unknown, level: string) => string = (value) => labelOf(value),
): HierarchyNode[] {
  const root: HierarchyNode = { name: '', value: 0, path: [], children: [] };
  for (const row of rows) {
    const value = toNumber(row[metric]) ?? 0;
    const secondary = secondaryMetric ? (toNumber(row[secondaryMetric]) ?? 0) : undefined;
    let node = root;
    for (const level of levels) {
      const name = nameOf(row[level], level);
      node.children ??= [];
      let child = node.children.find((c) => c.name === name);
      if (!child) {
        child = { name, value: 0, path: [...node.path, name] };
        node.children.push(child);
      }
      child.value += value;
      if (secondary !== undefined) child.secondary = (child.secondary ?? 0) + secondary;
      node = child;
    }
  }
  return root.children ?? [];
}

/** What ECharts hands a treemap or sunburst tooltip for the hovered node. */
export interface TreeTooltipParams {
  /** From ECharts' root (the series) down to the hovered node; a node's value is a number, or an array it leads. */
  treePathInfo: { name: string; value?: number | number[] }[];
  value: number;
}

const shareFormat = getNumberFormatter(NumberFormats.PERCENT_2_POINT);

/** The hovered node's share of a node on its path, as treemap and sunburst tooltips write it (0% of an empty node). */
export function shareOfNode(value: number, node: { value?: number | number[] }): string {
  const whole = Array.isArray(node.value) ? node.value[0] : node.value;
  return shareFormat(whole ? value / whole : 0);
}

/**
 * Names nodes as treemap and sunburst show them: a temporal level's cells in the date format (Superset's
 * formatSeriesName), others as they read. Which levels are temporal is worked out once, not per cell.
 */
export function hierarchyNamer(result: ChartDataResult | undefined, dateFormat: string | undefined): (value: unknown, level: string) => string {
  const temporal = new Map<string, boolean>();
  return (value, level) => {
    let isTime = temporal.get(level);
    if (isTime === undefined) temporal.set(level, (isTime = isTemporalColumn(result, level)));
    return labelOf(value, isTime, dateFormat);
  };
}
