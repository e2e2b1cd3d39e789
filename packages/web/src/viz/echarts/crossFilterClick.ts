import type { CrossFilterSelection } from '@tessera/core';
import type { EChartsCoreOption } from 'echarts/core';

/** What ECharts hands a click handler (the parts cross-filters read). */
export interface EchartsClickParams {
  name?: string;
  seriesName?: string;
  data?: unknown;
}

/** The cross-filter part of an ECharts chart's props (transformProps fills it). */
export interface EchartsCrossFilterProps {
  /** The columns a clicked element filters on, in order (groupby, hierarchy levels...). */
  filterColumns?: string[];
  /** The element's values are its series' (timeseries: one series per groupby value), not its category's. */
  filterBySeries?: boolean;
  /**
   * Element (or series) name -> its raw values, one per filter column (Superset's labelMap): names are formatted
   * labels, a filter needs the values as stored. Data items may carry their own `filterValues` instead (hierarchies).
   */
  labelMap?: Record<string, unknown[]>;
}

/** Superset's dimmed opacity for elements a cross-filter does not select (OpacityEnum.SemiTransparent). */
export const UNSELECTED_OPACITY = 0.3;

const valueText = (v: unknown) => (v === null || v === undefined ? '<NULL>' : String(v));

/** An element's values: its own `filterValues`, else its name (or series name) looked up in the label map. */
function elementValues(key: string | undefined, data: unknown, props: EchartsCrossFilterProps): unknown[] | undefined {
  const own = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as { filterValues?: unknown }).filterValues : undefined;
  if (Array.isArray(own)) return own;
  if (key === undefined) return undefined;
  const mapped = props.labelMap?.[key];
  if (mapped) return mapped;
  // Without a label map, a single column's value is the name itself (a string category).
  return props.filterColumns?.length === 1 ? [key] : undefined;
}

/** The cross-filter a click on a drawn element stands for, or null (a chart without dimensions, an "Other" slice). */
export function clickSelection(params: EchartsClickParams, props: EchartsCrossFilterProps): CrossFilterSelection | null {
  const columns = props.filterColumns ?? [];
  if (columns.length === 0) return null;
  const key = props.filterBySeries ? params.seriesName : params.name;
  const values = elementValues(key, props.filterBySeries ? undefined : params.data, props);
  if (!values || values.length === 0 || values.length > columns.length) return null;
  return { columns: columns.slice(0, values.length), values, label: values.map(valueText).join(', ') };
}

/** Whether an element of `values` is selected: it is, or lies under or above, a selected row (hierarchy paths). */
function isSelected(values: unknown[], selected: unknown[][]): boolean {
  const text = (v: unknown) => JSON.stringify(v ?? null);
  return selected.some((row) => {
    const n = Math.min(row.length, values.length);
    for (let i = 0; i < n; i += 1) if (text(row[i]) !== text(values[i])) return false;
    return true;
  });
}

type Item = Record<string, unknown>;
const dim = (style: unknown): Item => ({ ...(style && typeof style === 'object' ? (style as Item) : {}), opacity: UNSELECTED_OPACITY });

function dimData(data: unknown[], selected: unknown[][], props: EchartsCrossFilterProps): unknown[] {
  return data.map((item) => {
    if (Array.isArray(item)) {
      // [x, y] pairs of a category axis: the category is the text in the pair.
      const category = item.find((v) => typeof v === 'string') as string | undefined;
      const values = elementValues(category, undefined, props);
      return values && !isSelected(values, selected) ? { value: item, itemStyle: { opacity: UNSELECTED_OPACITY } } : item;
    }
    if (item === null || typeof item !== 'object') return item;
    const node = item as Item;
    const values = elementValues(typeof node.name === 'string' ? node.name : undefined, node, props);
    const children = Array.isArray(node.children) ? { children: dimData(node.children, selected, props) } : {};
    if (!values || isSelected(values, selected)) return { ...node, ...children };
    return { ...node, ...children, itemStyle: dim(node.itemStyle) };
  });
}

/**
 * The option with what the active cross-filter does not select dimmed (Superset draws unselected slices, bars and
 * series semi-transparent). Unchanged when nothing is selected.
 */
export function highlightSelection(option: EChartsCoreOption, selected: unknown[][] | null | undefined, props: EchartsCrossFilterProps): EChartsCoreOption {
  if (!selected || selected.length === 0 || !props.filterColumns?.length) return option;
  const series = (option as { series?: unknown }).series;
  if (!Array.isArray(series)) return option;
  const next = series.map((s: Item) => {
    if (props.filterBySeries) {
      const values = elementValues(typeof s.name === 'string' ? s.name : undefined, undefined, props);
      if (!values || isSelected(values, selected)) return s;
      return { ...s, itemStyle: dim(s.itemStyle), lineStyle: dim(s.lineStyle), ...(s.areaStyle ? { areaStyle: dim(s.areaStyle) } : {}) };
    }
    return Array.isArray(s.data) ? { ...s, data: dimData(s.data, selected, props) } : s;
  });
  return { ...option, series: next };
}
